/**
 * The package names the castdesk:// scheme the app reads (contract/app-links.ts): without it macOS
 * never sends open-url and Linux desktops never start Castdesk for a clicked link.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { appLinkScheme } from '../../../contract/app-links.ts';

const config = createRequire(import.meta.url)(fileURLToPath(new URL('../../../electron-builder.config.cjs', import.meta.url))) as {
  protocols?: { name: string; schemes: string[] }[];
};

it('registers the castdesk:// scheme in the package', () => {
  expect(config.protocols?.flatMap((protocol) => protocol.schemes)).toEqual([appLinkScheme]);
});
