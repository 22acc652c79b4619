/**
 * The bridge's openExternal channel, from the dispatcher to the opener port: only https and mailto
 * links reach the opener, in their parsed form; everything else is an `invalid_input` error as data.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../electron/core/bridge/dispatch.ts';
import { createHandlers } from '../../../electron/core/bridge/handlers.ts';
import type { BackEndParts } from '../../../electron/core/bridge/ports.ts';

/** The handlers with a recording opener; no other part is reached by this channel. */
function openerBackEnd(answer: (url: string) => Promise<boolean> = async () => true) {
  const opened: string[] = [];
  const parts = {
    openExternal: async (url: string) => {
      opened.push(url);
      return answer(url);
    },
  } as unknown as BackEndParts;
  return { dispatch: createDispatcher(createHandlers(parts)), opened };
}

const refused: [string, string][] = [
  ['javascript:', 'javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['file:', 'file:///etc/passwd'],
  ['http:', 'http://example.com/'],
  ['a newline inside the scheme', 'java\nscript:alert(1)'],
  ['a NUL', 'https://example.com/\u0000'],
  ['a tab', '\thttps://example.com/'],
  ['a right-to-left override', 'https://example.com/\u202egnp.exe'],
  ['credentials', 'https://user:pw@example.com/'],
  ['an empty string', ''],
];

describe('openExternal handler', () => {
  it.each(refused)('refuses %s with invalid_input and never calls the opener', async (_reason, url) => {
    const { dispatch, opened } = openerBackEnd();
    const result = await dispatch('openExternal', { url });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('https') } });
    expect(opened).toEqual([]);
  });

  it('passes https and mailto links to the opener, as parsed', async () => {
    const { dispatch, opened } = openerBackEnd();
    expect(await dispatch('openExternal', { url: 'https://example.com/a b?x=1#top' })).toEqual({ ok: true, value: { opened: true } });
    expect(await dispatch('openExternal', { url: 'mailto:casting@example.com?subject=Audition' })).toEqual({ ok: true, value: { opened: true } });
    expect(await dispatch('openExternal', { url: 'HTTPS://Example.COM' })).toEqual({ ok: true, value: { opened: true } });
    expect(opened).toEqual(['https://example.com/a%20b?x=1#top', 'mailto:casting@example.com?subject=Audition', 'https://example.com/']);
  });

  it('hands a mail draft to the opener with only subject, body and cc: no attach= of a local file, no hidden recipients', async () => {
    const { dispatch, opened } = openerBackEnd();
    const url = 'mailto:casting@example.com?subject=Audition&attach=/home/user/.config/Castdesk/settings.json&bcc=collector@evil.example&body=Hi&cc=agent@example.com';
    expect(await dispatch('openExternal', { url })).toEqual({ ok: true, value: { opened: true } });
    expect(opened).toEqual(['mailto:casting@example.com?subject=Audition&body=Hi&cc=agent@example.com']);
  });

  it('says opened: false when no program took the link', async () => {
    const { dispatch, opened } = openerBackEnd(async () => false);
    expect(await dispatch('openExternal', { url: 'https://example.com/' })).toEqual({ ok: true, value: { opened: false } });
    expect(opened).toEqual(['https://example.com/']);
  });

  it('refuses arguments off the contract before the handler runs', async () => {
    const { dispatch, opened } = openerBackEnd();
    for (const args of [{}, { url: 42 }, { url: `https://example.com/${'a'.repeat(8192)}` }, { url: 'https://example.com/', extra: true }]) {
      expect(await dispatch('openExternal', args)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    }
    expect(opened).toEqual([]);
  });

  it('turns an opener that throws into an error result, not a crash', async () => {
    const { dispatch } = openerBackEnd(async () => Promise.reject(new Error('disk full')));
    expect(await dispatch('openExternal', { url: 'https://example.com/' })).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
