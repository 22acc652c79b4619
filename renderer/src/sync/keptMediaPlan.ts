/**
 * What of the kept files fits the media cache's cap, decided before anything is fetched: keeping
 * more than fits only makes the cache evict one kept file for the next (a library of 37,000 files
 * against a 2 GB cap churned for hours and then reported half of it gone). Files are taken in the
 * order given (the profiles the user cares about first), pictures of every profile before any
 * showreel, and planning stops at the first profile whose files do not fit, so the order is kept
 * and nobody's gallery is half kept while a later profile's is whole.
 *
 * A file's size is its real size when the back end has it stored, else an estimate for its
 * version, refined by the real sizes seen so far (see SizeEstimator).
 */

/** Which version of a picture a kept file is (sizes differ by an order of magnitude), or a showreel. */
export type KeptVersion = 'thumb' | 'large' | 'original' | 'tile' | 'showreel';

export interface PlannedFile {
  url: string;
  kind: 'picture' | 'showreel';
  version: KeptVersion;
  /** The profile the file belongs to (e.g. `actor:12`): the unit planning keeps whole or not at all. */
  profile: string;
}

/** Before any real size is known: typical sizes of the directory's picture versions. */
const assumedBytes: Record<KeptVersion, number> = {
  thumb: 30 * 1024,
  tile: 20 * 1024,
  large: 250 * 1024,
  original: 1024 * 1024,
  showreel: 20 * 1024 ** 2,
};

/**
 * Estimates a file's size by its version: the average of the real sizes seen for that version, or
 * the assumed size scaled by how far the real sizes of other versions were from their assumption.
 */
export class SizeEstimator {
  private readonly seen = new Map<KeptVersion, { bytes: number; files: number }>();
  /** Estimates as of the last learned size: a plan asks for one per file, tens of thousands a pass. */
  private readonly estimates = new Map<KeptVersion, number>();

  constructor(private readonly showreelMaxBytes: number) {}

  /** A real size, from the back end's index. */
  learn(version: KeptVersion, bytes: number): void {
    const seen = this.seen.get(version) ?? { bytes: 0, files: 0 };
    this.seen.set(version, { bytes: seen.bytes + bytes, files: seen.files + 1 });
    this.estimates.clear();
  }

  /** Whether a real size of `version` is known: before, its estimate is a guess from other versions (or the assumption). */
  knows(version: KeptVersion): boolean {
    return this.seen.has(version);
  }

  estimate(version: KeptVersion): number {
    let estimate = this.estimates.get(version);
    if (estimate === undefined) {
      estimate = this.computeEstimate(version);
      this.estimates.set(version, estimate);
    }
    return estimate;
  }

  private computeEstimate(version: KeptVersion): number {
    const seen = this.seen.get(version);
    if (seen && seen.files > 0) return seen.bytes / seen.files;
    let real = 0;
    let assumed = 0;
    for (const [other, sums] of this.seen) {
      real += sums.bytes;
      assumed += assumedBytes[other] * sums.files;
    }
    const scale = assumed > 0 ? real / assumed : 1;
    const estimate = assumedBytes[version] * scale;
    return version === 'showreel' ? Math.min(estimate, this.showreelMaxBytes) : estimate;
  }
}

export interface KeptPlan<T extends PlannedFile> {
  /** Files that fit, in the order to fetch them. */
  planned: T[];
  /** Files left out because they would pass the cap. */
  overCap: T[];
  /** The planned files' bytes (real where known, estimated otherwise). */
  bytes: number;
}

/** Runs of consecutive files of one profile, in order. */
function byProfile<T extends PlannedFile>(files: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const file of files) {
    const last = groups.at(-1);
    if (last && last[0]!.profile === file.profile) last.push(file);
    else groups.push([file]);
  }
  return groups;
}

/**
 * Plans `files` (in priority order, a profile's files together) against `capBytes`: pictures of
 * each profile in turn while they fit, then showreels the same way with what is left; `sizeOf`
 * gives a file's real or estimated bytes.
 */
export function planWithinCap<T extends PlannedFile>(files: readonly T[], capBytes: number, sizeOf: (file: T) => number): KeptPlan<T> {
  const plan: KeptPlan<T> = { planned: [], overCap: [], bytes: 0 };
  let full = false;
  for (const kind of ['picture', 'showreel'] as const) {
    for (const group of byProfile(files.filter((file) => file.kind === kind))) {
      const bytes = group.reduce((sum, file) => sum + sizeOf(file), 0);
      if (!full && plan.bytes + bytes <= capBytes) {
        plan.planned.push(...group);
        plan.bytes += bytes;
      } else {
        full = true;
        plan.overCap.push(...group);
      }
    }
  }
  return plan;
}
