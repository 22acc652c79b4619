/**
 * The page may open WebSockets to the offices the user joined and nowhere else: both shells' CSP
 * header names each office's ws:/wss: origin as the page is sent, and only those.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppFileHandler } from '../../../electron/main/appFiles.ts';
import { securityHeaders } from '../../../electron/web/securityHeaders.ts';

let rendererDir: string;

beforeAll(async () => {
  rendererDir = await mkdtemp(path.join(tmpdir(), 'castdesk-office-csp-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Castdesk</title>');
});

afterAll(async () => {
  await rm(rendererDir, { recursive: true, force: true });
});

function connectSources(policy: string | null): string[] {
  const directive = (policy ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith('connect-src '));
  return directive?.split(' ').slice(1) ?? [];
}

it('the app:// page connects to the joined offices as they are when it is sent, and only to them', async () => {
  let offices = ['http://127.0.0.1:8790', 'https://office.example.org/castdesk'];
  const serve = createAppFileHandler(rendererDir, () => ['https://directory.example'], () => offices);
  const policy = async () => (await serve(new Request('app://castdesk/index.html'))).headers.get('content-security-policy');
  expect(connectSources(await policy())).toEqual(["'self'", 'castdesk-media:', 'ws://127.0.0.1:8790', 'wss://office.example.org']);
  offices = [];
  expect(connectSources(await policy())).toEqual(["'self'", 'castdesk-media:']);
});

it('the web shell sends the same connect-src', () => {
  const headers = securityHeaders(['https://directory.example'], ['https://office.example.org']);
  expect(connectSources(headers['Content-Security-Policy'])).toEqual(["'self'", 'castdesk-media:', 'wss://office.example.org']);
  expect(connectSources(securityHeaders()['Content-Security-Policy'])).toEqual(["'self'", 'castdesk-media:']);
});
