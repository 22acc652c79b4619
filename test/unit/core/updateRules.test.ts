/**
 * The update rules that need no feed: which versions may replace the running one (semver order,
 * prereleases below their release, garbage refused) and which app-update.yml describes a feed
 * (generic provider, https or this computer's http, no credentials).
 */
import { describe, expect, it } from 'vitest';
import { updateFeedFrom } from '../../../electron/core/updates/updateFeed.ts';
import { compareVersions, refusalOfVersion } from '../../../electron/core/updates/updateVersions.ts';

describe('refusalOfVersion', () => {
  it.each([
    ['0.1.0', '0.2.0'],
    ['0.1.0', '0.1.1'],
    ['0.9.0', '0.10.0'],
    ['1.0.0-beta.2', '1.0.0'],
    ['1.0.0-beta.2', '1.0.0-beta.10'],
    ['1.0.0-alpha', '1.0.0-alpha.1'],
    ['1.0.0-9', '1.0.0-rc'],
  ])('lets %s be replaced by the newer %s', (running, offered) => {
    expect(refusalOfVersion(running, offered)).toBeNull();
  });

  it.each([
    ['0.2.0', '0.1.9', 'a downgrade is refused'],
    ['0.10.0', '0.9.0', 'a downgrade is refused'],
    ['1.0.0', '1.0.0-rc.1', 'a downgrade is refused'],
    ['1.0.0', '1.0.0', 'already running'],
    ['1.0.0', '1.0.0+build.7', 'already running'],
    ['1.0.0', 'latest', 'not a version'],
    ['1.0.0', '2.0', 'not a version'],
    ['1.0.0', `2.0.0-${'a'.repeat(300)}`, 'not a version'],
  ])('refuses to replace %s by %s', (running, offered, reason) => {
    expect(refusalOfVersion(running, offered)).toContain(reason);
  });

  it('orders like semver', () => {
    const sorted = ['1.0.0', '1.0.0-rc.1', '1.0.0-beta.11', '1.0.0-beta.2', '1.0.0-beta', '1.0.0-alpha.beta', '1.0.0-alpha.1', '1.0.0-alpha', '0.9.9'].sort((a, b) => compareVersions(a, b)!);
    expect(sorted).toEqual(['0.9.9', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0']);
  });
});

describe('updateFeedFrom', () => {
  it('reads the generic feed electron-builder writes', () => {
    expect(updateFeedFrom('provider: generic\nurl: https://updates.castdesk.eu/linux\nupdaterCacheDirName: castdesk-updater\n')).toEqual({ kind: 'generic', url: 'https://updates.castdesk.eu/linux' });
    expect(updateFeedFrom("provider: generic\r\nurl: 'http://127.0.0.1:8123/feed/'\r\n")).toEqual({ kind: 'generic', url: 'http://127.0.0.1:8123/feed/' });
  });

  it.each([
    [null, 'no app-update.yml'],
    ['', 'provider is missing'],
    ['provider: github\nowner: castdesk\n', 'provider is github'],
    ['provider: generic\n', 'is not a URL'],
    ['provider: generic\nurl: http://updates.castdesk.eu/\n', 'is not https'],
    ['provider: generic\nurl: ftp://updates.castdesk.eu/\n', 'is not https'],
    ['provider: generic\nurl: https://user:secret@updates.castdesk.eu/\n', 'carries credentials'],
  ])('has no feed for %j', (text, reason) => {
    const feed = updateFeedFrom(text);
    expect(feed.kind).toBe('none');
    expect(feed.kind === 'none' && feed.reason).toContain(reason);
  });
});
