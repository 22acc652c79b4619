/**
 * Which offered versions the app may take: only a strictly newer release than the one running
 * (semantic versioning's order, https://semver.org §11). An equal or lower version is refused even
 * if the updater library were told to allow downgrades: going back would reinstall a release with
 * bugs or holes the running one fixed, and a feed that offers it is wrong or tampered with.
 */

const versionPattern = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

interface ParsedVersion {
  core: [number, number, number];
  prerelease: string[];
}

/** Longer than any real release name; the bridge carries at most this much (contract updateStatusSchema). */
const maxVersionLength = 256;

function parseVersion(text: string): ParsedVersion | null {
  if (text.length > maxVersionLength) return null;
  const match = versionPattern.exec(text.trim().replace(/^v/, ''));
  if (!match) return null;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], prerelease: match[4] ? match[4].split('.') : [] };
}

/** Prerelease identifiers: numeric ones numerically and below alphanumeric ones; a longer set wins a tie. */
function comparePrerelease(left: string[], right: string[]): number {
  if (left.length === 0 || right.length === 0) return right.length - left.length;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const a = left[index];
    const b = right[index];
    if (a === undefined) return -1;
    if (b === undefined) return 1;
    const aNumeric = /^\d+$/.test(a);
    const bNumeric = /^\d+$/.test(b);
    if (aNumeric && bNumeric && Number(a) !== Number(b)) return Number(a) - Number(b);
    if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** Negative, zero or positive as `left` is below, equal to or above `right`; null when either is no version. */
export function compareVersions(left: string, right: string): number | null {
  const a = parseVersion(left);
  const b = parseVersion(right);
  if (!a || !b) return null;
  for (let index = 0; index < 3; index += 1) {
    if (a.core[index] !== b.core[index]) return a.core[index]! - b.core[index]!;
  }
  return comparePrerelease(a.prerelease, b.prerelease);
}

/**
 * Why `offered` must not replace `running`, or null when it may (it is strictly newer). The reason
 * is written to the log as it is.
 */
export function refusalOfVersion(running: string, offered: string): string | null {
  const order = compareVersions(offered, running);
  if (order === null) return `The feed offers "${offered}", which is not a version Castdesk can compare with ${running}; it is not installed.`;
  if (order === 0) return `The feed offers ${offered}, the version already running; nothing to install.`;
  if (order < 0) return `The feed offers ${offered}, older than the running ${running}; a downgrade is refused and nothing is installed.`;
  return null;
}
