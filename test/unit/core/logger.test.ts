/**
 * The log file on a real disk: redaction of registered secrets and of credential patterns in
 * messages and serialized errors, rotation, and a canary key that must never reach any log file.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type LoggerOptions } from '../../../electron/core/log/logger.ts';

let userDataDir: string;
const logFile = () => join(userDataDir, 'logs', 'castdesk.log');
const logText = () => readFile(logFile(), 'utf8');
const make = (options: Partial<LoggerOptions> = {}) => createLogger({ userDataDir, ...options });

/** Every log file's content, rotated ones included. */
async function allLogs(): Promise<string> {
  const folder = join(userDataDir, 'logs');
  const names = await readdir(folder);
  return (await Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')))).join('\n');
}

beforeEach(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-log-'));
});
afterEach(async () => {
  await rm(userDataDir, { recursive: true, force: true });
});

describe('logger', () => {
  it('writes timestamped lines with levels and drops those below the threshold', async () => {
    const logger = make({ level: 'info', now: () => new Date('2026-03-04T05:06:07.089Z') });
    logger.debug('hidden detail');
    logger.info('started', { version: '1.0.0' });
    logger.warn('two\nlines');
    logger.error('failed', new Error('boom'));
    expect(logger.file).toBe(logFile());
    const lines = (await logText()).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('2026-03-04T05:06:07.089Z INFO  started {"version":"1.0.0"}');
    expect(lines[1]).toBe('2026-03-04T05:06:07.089Z WARN  two\\nlines');
    expect(lines[2]).toMatch(/^2026-03-04T05:06:07\.089Z ERROR failed \{"name":"Error","message":"boom","stack":"Error: boom\\n/);
  });

  it('redacts registered secrets in messages, details and nested error causes, in every serialized form', async () => {
    const logger = make();
    const secret = 'k-s3cr3t"value\\x';
    logger.addSecret(secret);
    logger.addSecret('plain-secret-123');
    logger.info(`message with ${secret} inline and plain-secret-123`);
    logger.info('details', { nested: { key: secret, list: ['plain-secret-123'] } });
    const cause = Object.assign(new Error(`inner failure for plain-secret-123`), { code: 'EINNER', extra: secret });
    logger.error('outer', new Error('wrapped', { cause }));
    logger.info(`url https://example.com/?q=${encodeURIComponent(secret)}`);
    logger.error('aggregate', new AggregateError([new Error(`first plain-secret-123`)], 'many'));
    const text = await logText();
    expect(text).not.toContain('plain-secret-123');
    expect(text).not.toContain('s3cr3t');
    expect(text).toContain('EINNER');
    expect(text).toContain('inner failure for [redacted]');
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['Authorization: Token token=abc123unregistered', 'Authorization: [redacted]'],
    ['authorization=Bearer abc123unregistered', 'authorization=[redacted]'],
    ['sent Bearer abc123unregistered to the server', 'sent Bearer [redacted] to the server'],
    ['GET /x?token=abc123unregistered&page=2', 'GET /x?token=[redacted]&page=2'],
    ['Token token="abc123unregistered"', 'Token token="[redacted]"'],
    ['api_key=abc123unregistered', 'api_key=[redacted]'],
    ['X-Castdesk-Token: abc123unregistered', 'X-Castdesk-Token: [redacted]'],
  ])('redacts the unregistered credential in %s', async (message, expected) => {
    const logger = make();
    logger.info(message);
    const text = await logText();
    expect(text).toContain(expected);
    expect(text).not.toContain('abc123unregistered');
  });

  it('redacts credential patterns inside serialized objects and errors', async () => {
    const logger = make();
    logger.info('request', { headers: { Authorization: 'Token token=abc123unregistered' } });
    logger.error('failed', Object.assign(new Error('request failed'), { request: 'Authorization: Bearer abc123unregistered' }));
    logger.info('raw', JSON.stringify({ authorization: 'Token token=abc123unregistered' }));
    const text = await logText();
    expect(text).not.toContain('abc123unregistered');
    expect(text).toContain('"Authorization":"[redacted]"');
  });

  it('survives circular details and BigInt', async () => {
    const logger = make();
    const circular: Record<string, unknown> = { count: 10n };
    circular.self = circular;
    logger.info('odd', circular);
    expect(await logText()).toContain('odd {"count":"10","self":"[circular]"}');
  });

  it('rotates at the size limit and keeps three files', async () => {
    const logger = make({ maxBytes: 2_000 });
    for (let index = 0; index < 200; index += 1) logger.info(`entry ${String(index).padStart(4, '0')} ${'x'.repeat(40)}`);
    const names = (await readdir(join(userDataDir, 'logs'))).sort();
    expect(names).toEqual(['castdesk.log', 'castdesk.log.1', 'castdesk.log.2']);
    for (const name of names) expect((await stat(join(userDataDir, 'logs', name))).size).toBeLessThanOrEqual(2_000);
    expect(await logText()).toContain('entry 0199');
    expect(await readFile(join(userDataDir, 'logs', 'castdesk.log.1'), 'utf8')).toMatch(/entry 01\d\d/);
    expect(await allLogs()).not.toContain('entry 0000');
  });

  it('continues the existing file after a restart and rotates with it counted', async () => {
    make({ maxBytes: 1_000 }).info('first run');
    const second = make({ maxBytes: 1_000 });
    second.info('second run');
    expect(await logText()).toMatch(/first run[\s\S]*second run/);
    for (let index = 0; index < 12; index += 1) second.info(`filler ${'y'.repeat(60)}`);
    expect(await readFile(join(userDataDir, 'logs', 'castdesk.log.1'), 'utf8')).toContain('first run');
  });

  it('never writes a canary key to any log file, however it is logged', async () => {
    const canary = 'canary-7f3c9a1e-key';
    const logger = make({ maxBytes: 1_500, level: 'debug' });
    logger.addSecret(canary);
    for (let index = 0; index < 40; index += 1) {
      logger.debug(`attempt ${index} with ${canary}`);
      logger.info('headers', { authorization: `Token token=${canary}`, url: `https://x.example/?k=${canary}` });
      logger.error('failure', new Error(`401 for ${canary}`, { cause: { key: canary, text: `Bearer ${canary}` } }));
    }
    expect((await readdir(join(userDataDir, 'logs'))).length).toBe(3);
    expect(await allLogs()).not.toContain(canary);
    expect(await allLogs()).not.toContain('7f3c9a1e');
  });
});
