/**
 * The one rule for a directory's base URL. The key travels in every request's Authorization
 * header, so it must only ever go over TLS, except to this computer (a local or the embedded demo
 * directory), where plain http cannot be overheard.
 */
import { ConnectionError } from './connectionErrors.ts';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
const maxBaseUrlLength = 2048;

function refuse(message: string): never {
  throw new ConnectionError('invalid_input', message);
}

/**
 * Returns the canonical form used everywhere (lowercase scheme and host, no default port, no
 * trailing slash, no pasted `/api/v1` suffix), or throws a ConnectionError saying what is wrong.
 */
export function normalizeBaseUrl(input: unknown): string {
  if (typeof input !== 'string') refuse('The base URL must be text.');
  const text = input.trim();
  if (text.length === 0) refuse('The base URL is empty.');
  if (text.length > maxBaseUrlLength) refuse(`The base URL is longer than ${maxBaseUrlLength} characters.`);
  if (/[\s\p{Cc}]/u.test(text)) refuse('The base URL contains spaces or invisible characters.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    refuse(`"${text}" is not a complete URL; it should look like https://directory.example.com.`);
  }
  const isLoopback = loopbackHosts.has(url.hostname);
  if (url.protocol === 'http:') {
    if (!isLoopback) {
      refuse('Plain http:// would send the API key unencrypted; use https://. (http:// is accepted only for localhost, 127.0.0.1 and [::1].)');
    }
  } else if (url.protocol !== 'https:') {
    refuse(`Only https:// addresses are accepted, not ${url.protocol}//.`);
  }
  if (url.hostname === '') refuse('The base URL has no host name.');
  if (url.username !== '' || url.password !== '') {
    refuse('The base URL must not contain a user name or password; the API key is entered separately.');
  }
  if (url.search !== '' || text.includes('?')) refuse('The base URL must not contain a query (the part after "?").');
  if (url.hash !== '' || text.includes('#')) refuse('The base URL must not contain a fragment (the part after "#").');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** True for an address that is already in canonical form and follows the rule. */
export function isNormalizedBaseUrl(value: string): boolean {
  try {
    return normalizeBaseUrl(value) === value;
  } catch {
    return false;
  }
}
