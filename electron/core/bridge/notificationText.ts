/**
 * A notification's body as the OS shows it. On Linux, libnotify reads the body as markup (a subset
 * of HTML: <b>, <i>, <a href>, <img>), and a sync's error message is a directory's text: a hostile
 * directory could style or link it, or break it. There &, < and > are escaped so the body shows
 * exactly as written; macOS and Windows show plain text, where an escape would show as written.
 */
export function notificationBody(body: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'linux') return body;
  return body.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}
