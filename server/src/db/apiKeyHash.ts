/**
 * The stored form of an API key: the hex SHA-256 of its UTF-8 text. The database never holds a key
 * itself (issue 10), so a copy of it gives no key away. Keys are random and long (demo keys carry
 * 128 random bits), so a fast unsalted hash is enough, and a request's key is found by the hash of
 * what it presents rather than compared character by character.
 */
import { createHash } from 'node:crypto';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
