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
 * Whether `url` may be handed to the OS (shell.openExternal, the web shell's browser opener):
 * https with a host, or mailto; no user name or password in it; no surrounding whitespace or
 * control characters anywhere (the WHATWG parser would silently strip tabs and newlines, hiding
 * what the link really is); and it must parse.
 */
export function isSafeExternalUrl(url: string): boolean {
  if (typeof url !== 'string' || url.length === 0 || url.length > maxExternalUrlLength) return false;
  if (url.trim() !== url || invisibleOrControl.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.protocol === 'https:') return parsed.hostname !== '';
  if (parsed.protocol === 'mailto:') return parsed.pathname !== '' && !/[/\\]/.test(parsed.pathname.slice(0, 2));
  return false;
}
