/**
 * The one validator for links that leave the app, and the shell call behind it: only https (with
 * a host) and mailto, no credentials, no hidden characters; refused URLs never reach the OS.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { electronDouble } from './electronDouble.ts';
import { isSafeExternalUrl } from '../../../contract/external-url.ts';
import { openExternalIfSafe } from '../../../electron/main/externalLinks.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const accepted = [
  'https://example.com',
  'https://example.com/path?query=1#fragment',
  'https://sub.example.co.uk:8443/a%20b',
  'HTTPS://EXAMPLE.COM/',
  'https://xn--bcher-kva.example/',
  'mailto:casting@example.com',
  'mailto:casting@example.com?subject=Audition%20Tuesday',
];

const refused: [string, string][] = [
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: in capitals', 'JaVaScRiPt:alert(document.domain)'],
  ['file:', 'file:///etc/passwd'],
  ['file: on Windows', 'file://C:/Windows/System32/calc.exe'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['smb:', 'smb://attacker.example/share/payload.exe'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['http:', 'http://example.com/'],
  ['ftp:', 'ftp://example.com/file'],
  ['a custom handler', 'ms-msdt:/id PCWDiagnostic'],
  ['credentials', 'https://user:pw@example.com/'],
  ['a user name only', 'https://user@example.com/'],
  ['an empty password', 'https://user:@example.com/'],
  ['leading spaces', '  https://example.com/'],
  ['a leading tab', '\thttps://example.com/'],
  ['trailing spaces', 'https://example.com/  '],
  ['a trailing newline', 'https://example.com/\n'],
  ['a NUL', 'https://example.com/\u0000'],
  ['a newline inside', 'https://exa\nmple.com/'],
  ['a tab inside the scheme', 'jav\tascript:alert(1)'],
  ['a newline inside the scheme', 'java\nscript:alert(1)'],
  ['DEL', 'https://example.com/\u007f'],
  ['a C1 control', 'https://example.com/\u0085'],
  ['a right-to-left override', 'https://example.com/\u202egnp.exe'],
  ['a zero-width space', 'https://exam\u200bple.com/'],
  ['unparsable', 'not a url'],
  ['unparsable https', 'https://'],
  ['a bad host', 'https://exa mple.com/'],
  ['an empty string', ''],
  ['a scheme-relative URL', '//example.com/'],
  ['mailto without an address', 'mailto:'],
];

beforeEach(() => {
  electronDouble.recorded.openedExternally.length = 0;
});

describe('isSafeExternalUrl', () => {
  it.each(accepted)('accepts %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each(refused)('refuses %s', (_reason, url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isSafeExternalUrl(undefined as unknown as string)).toBe(false);
    expect(isSafeExternalUrl({ toString: () => 'https://example.com/' } as unknown as string)).toBe(false);
  });
});

describe('openExternalIfSafe', () => {
  it('hands safe URLs to shell.openExternal, as parsed', () => {
    expect(openExternalIfSafe('https://example.com/a b')).toBe(true);
    expect(openExternalIfSafe('mailto:casting@example.com')).toBe(true);
    expect(electronDouble.recorded.openedExternally).toEqual(['https://example.com/a%20b', 'mailto:casting@example.com']);
  });

  it('never passes a refused URL to shell.openExternal', () => {
    for (const [, url] of refused) expect(openExternalIfSafe(url)).toBe(false);
    expect(electronDouble.recorded.openedExternally).toEqual([]);
  });
});
