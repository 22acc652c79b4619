/**
 * A full disk, recognised wherever it surfaces: Node's file calls fail with `ENOSPC` (no space
 * left) or `EDQUOT` (quota), often wrapped by the module that wrote (the media cache, the
 * settings file). The bridge reports it as `storage_full`, never as an internal error, so the
 * user learns that the disk is the problem.
 */
const fullDiskCodes = new Set(['ENOSPC', 'EDQUOT']);

/** Whether `error` or one of its causes is a full disk. */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && fullDiskCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
