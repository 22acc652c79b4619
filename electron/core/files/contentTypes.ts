/**
 * Content types of the built renderer's files, for both shells that serve it (app:// in Electron,
 * loopback HTTP in the web shell).
 */
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The Content-Type for a file name; unknown endings are served as bytes. */
export function rendererContentType(fileName: string): string {
  return contentTypes[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
