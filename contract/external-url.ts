/**
 * The one rule for links that leave the app: the renderer may ask the OS to open a web page or a
 * mail draft, nothing else (no file:, no javascript:, no network shares, no custom handlers that
 * could run programs). Pure and dependency-free, so both shells' back end and the renderer apply
 * the very same rule, and the whole table is tested without Electron.
 */

/** Control characters (C0, DEL, C1), format characters (bidi overrides, zero-width) and line separators. */
const invisibleOrControl = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** The longest link accepted (the bridge's `openExternal` argument has the same limit). */
export const maxExternalUrlLength = 8192;

/**
 * The header fields a mail draft opened from the app may carry (RFC 6068 names them
 * case-insensitively). Everything else goes: `attach=`/`attachment=` make some mail programs
 * attach a local file to the draft, `bcc=` and `to=` add recipients the user does not see.
 */
const keptMailFields = new Set(['subject', 'body', 'cc']);

/** A mailto query reduced to the kept fields, each as it was written (its percent-encoding intact). */
function keptMailQuery(search: string): string {
  const kept = search
    .slice(1)
    .split('&')
    .filter((field) => {
      try {
        return keptMailFields.has(decodeURIComponent(field.split('=')[0] ?? '').toLowerCase());
      } catch {
        return false;
      }
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * What to hand to the OS (shell.openExternal, the web shell's browser opener) for `url`, or null
 * when it must not leave the app: https with a host, or mailto with an address; no user name or
 * password in it; no surrounding whitespace or control characters anywhere (the WHATWG parser would
 * silently strip tabs and newlines, hiding what the link really is); and it must parse. The answer
 * is the parsed form, so the OS sees exactly what was checked; a mailto keeps only the fields
 * `subject`, `body` and `cc`.
 */
export function externalUrlToOpen(url: string): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > maxExternalUrlLength) return null;
  if (url.trim() !== url || invisibleOrControl.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.protocol === 'https:') return parsed.hostname !== '' ? parsed.href : null;
  // An encoded "?" in the address would become a second query once a mail program decodes it.
  if (parsed.protocol === 'mailto:' && parsed.pathname !== '' && !/[/\\]/.test(parsed.pathname.slice(0, 2)) && !/%3f/i.test(parsed.pathname)) {
    parsed.search = keptMailQuery(parsed.search);
    return parsed.href;
  }
  return null;
}

/** Whether `url` may leave the app at all (see externalUrlToOpen for the rule and what is opened). */
export function isSafeExternalUrl(url: string): boolean {
  return externalUrlToOpen(url) !== null;
}
