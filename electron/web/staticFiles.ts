/**
 * Reads a file of the built renderer for a GET path, never anything outside its folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rendererContentType } from '../core/files/contentTypes.ts';

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
    return { body, contentType: rendererContentType(filePath), isHtml: extension === '.html' };
  } catch {
    return null;
  }
}
