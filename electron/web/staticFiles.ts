/**
 * Reads a file of the built renderer for a GET path, never anything outside its folder.
 */
import { readFile } from 'node:fs/promises';
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
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  isHtml: boolean;
}

/** The file for `pathname` under `root` (`/` → index.html), or null. */
export async function readStaticFile(root: string, pathname: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rootDir = path.resolve(root);
  const filePath = path.resolve(rootDir, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  if (!filePath.startsWith(rootDir + path.sep)) return null;
  try {
    const body = await readFile(filePath);
    const extension = path.extname(filePath);
    return { body, contentType: contentTypes[extension] ?? 'application/octet-stream', isHtml: extension === '.html' };
  } catch {
    return null;
  }
}
