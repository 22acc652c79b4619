/**
 * contract/app-links.ts: the one rule of which castdesk:// links open which route. Every allowed
 * route shape opens; anything else (another scheme, an unknown route, traversal, encoded or
 * look-alike tricks, an extra query) is refused whole, with a reason for the log.
 */
import { describe, expect, it } from 'vitest';
import { appLinkFromRoute, appLinkInArgv, isAppLinkRoute, linkableRoute, routeFromAppLink } from '../../../contract/app-links.ts';

const route = (link: string) => routeFromAppLink(link);

describe('allowed links', () => {
  it.each([
    ['castdesk://actors/123', '/actors/123'],
    ['castdesk://crew/7', '/crew/7'],
    ['castdesk://casting-calls/42', '/casting-calls/42'],
    ['castdesk://shortlists/3', '/shortlists/3'],
    // Windows may add a slash to a protocol link; the scheme's case is the OS's choice.
    ['castdesk://actors/123/', '/actors/123'],
    ['CASTDESK://actors/2147483647', '/actors/2147483647'],
    ['castdesk://actors', '/actors'],
    ['castdesk://crew?q=Anna%20Maria&prof=camera&prof=sound', '/crew?q=Anna+Maria&prof=camera&prof=sound'],
    ['castdesk://actors?q=M%C3%BCller&gender=female&lang=deu:native&age=20-35&height=-180&sort=name&desc=1&view=table', '/actors?q=M%C3%BCller&gender=female&lang=deu%3Anative&age=20-35&height=-180&sort=name&desc=1&view=table'],
    ['castdesk://actors/?reel=yes', '/actors?reel=yes'],
  ])('%s opens %s', (link, expected) => {
    expect(route(link)).toEqual({ ok: true, route: expected });
  });
});

describe('refused links', () => {
  it.each([
    // Other schemes and look-alikes.
    'https://actors/123',
    'castdesk:actors/123',
    'castdesk:/actors/123',
    'castdeskx://actors/123',
    'file:///actors/123',
    ' castdesk://actors/123',
    // Routes the router has, but links do not open, and routes it does not have.
    'castdesk://settings',
    'castdesk://connections',
    'castdesk://',
    'castdesk://casting-calls',
    'castdesk://shortlists',
    'castdesk://actors/abc',
    'castdesk://actors/0',
    'castdesk://actors/007',
    'castdesk://actors/2147483648',
    'castdesk://actors/123/edit',
    'castdesk://Actors/123',
    // Traversal and encoded tricks.
    'castdesk://actors/../settings',
    'castdesk://actors/123/../../settings',
    'castdesk://./actors/123',
    'castdesk://actors/%31%32%33',
    'castdesk://actors%2F123',
    'castdesk://%2e%2e/settings',
    'castdesk://actors\\123',
    'castdesk://actors//123',
    'castdesk:///actors/123',
    'castdesk://user@actors/123',
    'castdesk://actors:80/123',
    'castdesk://actors/123#/settings',
    'castdesk://actors?q=Anna#/settings',
    'castdesk://actors/１２３',
    'castdesk://actors/123\n',
    'castdesk://actors/ 123',
    // Extra query: on a detail route, unknown parameters, bad encodings and control characters.
    'castdesk://actors/123?q=x',
    'castdesk://actors/123?',
    'castdesk://actors?token=abc',
    'castdesk://actors?q=x&redirect=https://evil.example',
    'castdesk://actors?q=%E0%A4%A',
    'castdesk://actors?q=%00',
    'castdesk://actors?q=',
    `castdesk://actors?q=${'x'.repeat(201)}`,
    `castdesk://actors?${Array.from({ length: 51 }, () => 'skill=a').join('&')}`,
    `castdesk://actors?q=${'x'.repeat(20_000)}`,
  ])('%j is refused', (link) => {
    const result = route(link);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).not.toBe('');
  });

  it('refuses what is not text', () => {
    expect(routeFromAppLink(undefined as unknown as string).ok).toBe(false);
  });
});

describe('Copy link and the renderer check', () => {
  it('makes the link of a route, and none for a route links do not open', () => {
    expect(appLinkFromRoute('/actors/123')).toBe('castdesk://actors/123');
    expect(appLinkFromRoute('/crew?q=Anna%20Maria&prof=camera')).toBe('castdesk://crew?q=Anna+Maria&prof=camera');
    expect(appLinkFromRoute('/settings')).toBeNull();
    expect(appLinkFromRoute('/actors/123?tab=credits')).toBeNull();
  });

  it('writes a router path the way the link rule does', () => {
    expect(linkableRoute('/crew?q=Anna%20Maria&prof=camera')).toBe('/crew?q=Anna+Maria&prof=camera');
    expect(linkableRoute('/actors/9')).toBe('/actors/9');
    expect(linkableRoute('/settings')).toBeNull();
    expect(linkableRoute('crew')).toBeNull();
  });

  it('accepts a route only as the link rule writes it', () => {
    expect(isAppLinkRoute('/shortlists/4')).toBe(true);
    expect(isAppLinkRoute('/actors?q=Anna+Maria')).toBe(true);
    expect(isAppLinkRoute('/actors/4/')).toBe(false);
    expect(isAppLinkRoute('actors/4')).toBe(false);
    expect(isAppLinkRoute('/settings')).toBe(false);
  });

  it('finds the link among command-line arguments', () => {
    expect(appLinkInArgv(['/opt/Castdesk/castdesk', '--no-sandbox', 'castdesk://actors/5'])).toBe('castdesk://actors/5');
    expect(appLinkInArgv(['/opt/Castdesk/castdesk', '--user-data-dir', '/tmp/x'])).toBeNull();
  });
});
