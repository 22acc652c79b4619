import { describe, expect, it } from 'vitest';
import { notificationBody } from '../../../electron/core/bridge/notificationText.ts';

describe('notificationBody', () => {
  it('escapes &, < and > on Linux, where libnotify reads the body as markup', () => {
    expect(notificationBody('a < b & c > d <b>x</b> &amp;', 'linux')).toBe('a &lt; b &amp; c &gt; d &lt;b&gt;x&lt;/b&gt; &amp;amp;');
  });

  it('leaves the body as it is on macOS and Windows, which show plain text', () => {
    for (const platform of ['darwin', 'win32'] as const) expect(notificationBody('<b>x</b> & y', platform)).toBe('<b>x</b> & y');
  });
});
