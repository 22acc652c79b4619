/**
 * The address clients reach the service at, from which every absolute URL it writes is built
 * (Link headers, picture and showreel URLs). It is configured, never read from the Host header:
 * a forged Host would otherwise be reflected into links a client follows (issue 10).
 */

/**
 * Checks a configured public URL and returns it without a trailing slash, so paths append
 * directly: http or https, no credentials, query or fragment; a path prefix (a reverse proxy's
 * mount point) is kept.
 */
export function parsePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--public-url takes an absolute http(s) URL such as https://directory.example, not ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--public-url must be http or https, not ${url.protocol}`);
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(`--public-url takes a scheme, host, port and optional path only, not ${JSON.stringify(text)}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
