/**
 * The one validator for links that leave the app, and the shell call behind it: only https (with
 * a host) and mailto, no credentials, no hidden characters; refused URLs never reach the OS; a mail
 * draft carries only subject, body and cc (no attach= to attach a local file, no hidden recipients).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { electronDouble } from './electronDouble.ts';
import { externalUrlToOpen, isSafeExternalUrl } from '../../../contract/external-url.ts';
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
  ['mailto with only fields', 'mailto:?to=collector@evil.example&attach=/etc/passwd'],
  ['an encoded ? in the mail address', 'mailto:casting@example.com%3Fattach=/etc/passwd'],
];

/** A mailto link as the directory or a page may write it → what the mail program gets. */
const mailDrafts: [string, string, string][] = [
  ['subject, body and cc stay', 'mailto:casting@example.com?subject=Audition%20Tuesday&body=Hello%0D%0AAnna&cc=agent@example.com', 'mailto:casting@example.com?subject=Audition%20Tuesday&body=Hello%0D%0AAnna&cc=agent@example.com'],
  ['attach= goes', 'mailto:casting@example.com?subject=Hi&attach=/home/user/.ssh/id_rsa', 'mailto:casting@example.com?subject=Hi'],
  ['attachment= goes', 'mailto:casting@example.com?attachment=file:///etc/passwd&body=x', 'mailto:casting@example.com?body=x'],
  ['ATTACH in capitals goes', 'mailto:casting@example.com?ATTACH=C:%5CUsers%5Ckey.pem', 'mailto:casting@example.com'],
  ['a percent-encoded attach goes', 'mailto:casting@example.com?%61ttach=/etc/shadow&subject=s', 'mailto:casting@example.com?subject=s'],
  ['bcc= goes', 'mailto:casting@example.com?bcc=collector@evil.example&subject=s', 'mailto:casting@example.com?subject=s'],
  ['to= goes', 'mailto:casting@example.com?to=collector@evil.example', 'mailto:casting@example.com'],
  ['in-reply-to and other headers go', 'mailto:casting@example.com?In-Reply-To=%3Cx@y%3E&X-Mailer=z&Cc=a@b.example', 'mailto:casting@example.com?Cc=a@b.example'],
  ['a field without a value goes unless kept', 'mailto:casting@example.com?attach&subject', 'mailto:casting@example.com?subject'],
  ['a malformed field name goes', 'mailto:casting@example.com?%E0%A4%A=1&body=b', 'mailto:casting@example.com?body=b'],
  ['no query stays without one', 'mailto:casting@example.com', 'mailto:casting@example.com'],
  ['https is opened as parsed', 'https://example.com/a b?attach=x', 'https://example.com/a%20b?attach=x'],
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

  it.each(mailDrafts)('externalUrlToOpen: %s', (_reason, url, opened) => {
    expect(externalUrlToOpen(url)).toBe(opened);
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

  it('hands a mail draft to the OS without attach=, bcc= or to=', () => {
    expect(openExternalIfSafe('mailto:casting@example.com?attach=/etc/passwd&subject=Hi&bcc=x@evil.example')).toBe(true);
    expect(electronDouble.recorded.openedExternally).toEqual(['mailto:casting@example.com?subject=Hi']);
  });

  it('never passes a refused URL to shell.openExternal', () => {
    for (const [, url] of refused) expect(openExternalIfSafe(url)).toBe(false);
    expect(electronDouble.recorded.openedExternally).toEqual([]);
  });
});
