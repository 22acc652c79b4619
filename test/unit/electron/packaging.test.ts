/**
 * Packaging: the electron-builder configuration (targets, asar, what is unpacked, icons, fuses,
 * deb dependencies), and a real `electron-builder --dir --linux` run against a local stand-in for
 * Electron's binary (it cannot be downloaded here; the stand-in carries Electron's fuse wire with
 * Electron's defaults, so the fuses electron-builder flips can be read back), whose app.asar is then
 * listed: the built app, the bundled directory service and its catalogues, the production
 * dependencies, the target's keyring binding (and no other) unpacked, nothing unpacked but native
 * modules, WebAssembly and data files, no renderer-only library, no sources or development tools,
 * at most 24 MB, and only the PGlite extension the service uses. packagingTargets.test.ts packs
 * the other targets' keyring bindings.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { fuseSentinel, packWithStandInElectron } from './standInPackage.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
const config = createRequire(import.meta.url)(path.join(repoRoot, 'electron-builder.config.cjs')) as {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  beforePack: string;
  npmRebuild: boolean;
  linux: { target: string[]; icon: string; category: string };
  mac: { target: string[]; icon: string; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
  win: { target: string[]; icon: string };
  nsis: { oneClick: boolean; perMachine: boolean };
  deb: { depends?: string[]; appArmorProfile?: string };
  electronFuses: Record<string, boolean>;
};

/** The fuses in wire order (FuseV1Options). */
const fuseNames = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
const hardenedFuses = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
};

/** The fuses in a binary, by name (true: on). */
function readFuses(binary: string): Record<string, boolean> {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(fuseSentinel);
  expect(at, 'the fuse sentinel').toBeGreaterThanOrEqual(0);
  const wire = bytes.subarray(at + fuseSentinel.length + 2, at + fuseSentinel.length + 2 + bytes[at + fuseSentinel.length + 1]!).toString('latin1');
  return Object.fromEntries(fuseNames.map((name, index) => [name, wire[index] === '1']));
}

/**
 * Libraries only the renderer uses: Vite bundles them into out/renderer, so a copy in the asar is
 * dead weight (and, for the PDF and font parsers, attack surface nobody loads).
 */
const rendererOnlyPackages = [
  'vue',
  '@vue',
  'vue-router',
  'vue-i18n',
  '@intlify',
  'pinia',
  'dexie',
  'dompurify',
  'pdf-lib',
  '@pdf-lib',
  '@cantoo',
  'dejavu-fonts-ttf',
];
/** 20 MB before PGlite's JavaScript (3 MB) moved into the integrity-checked asar (issue 23, item 13). */
const asarBudgetBytes = 24 * 1024 * 1024;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the electron-builder configuration', () => {
  let fpmTarget: { default: { prototype: { getDefaultDepends(target: string): string[] } } };

  beforeAll(() => {
    // electron-builder's deb target; loading it (and what it requires) takes seconds on a busy machine.
    fpmTarget = createRequire(import.meta.url)('app-builder-lib/out/targets/FpmTarget.js') as typeof fpmTarget;
  }, 60_000);

  it('names the app and builds AppImage and deb, dmg, and nsis', () => {
    expect(config.appId).toBe('eu.castdesk.app');
    expect(config.productName).toBe('Castdesk');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(packageJson.scripts.dist).toBe('electron-vite build && electron-builder --config electron-builder.config.cjs');
  });

  it('hardens Electron with fuses: no RunAsNode, NODE_OPTIONS or --inspect; the app only from an integrity-checked asar; cookies encrypted', () => {
    expect(config.electronFuses).toMatchObject(hardenedFuses);
  });

  it('keeps electron-builder’s default deb dependencies, which bring libsecret for the keychain', () => {
    // The default list, as electron-builder's deb target computes it; a `depends` in the config replaces it.
    const defaults = fpmTarget.default.prototype.getDefaultDepends('deb');
    const depends = config.deb.depends ?? defaults;
    expect(depends).toEqual(expect.arrayContaining([...defaults, 'libsecret-1-0', 'libnss3', 'libgtk-3-0']));
  });

  it('has an update feed only when CASTDESK_UPDATE_FEED_URL names one', () => {
    expect((config as { publish?: unknown }).publish).toBeNull();
    const configFile = path.join(repoRoot, 'electron-builder.config.cjs');
    const load = createRequire(import.meta.url);
    const previous = process.env.CASTDESK_UPDATE_FEED_URL;
    process.env.CASTDESK_UPDATE_FEED_URL = 'https://updates.castdesk.eu/desktop/';
    try {
      delete load.cache[configFile];
      expect((load(configFile) as { publish: unknown }).publish).toEqual([{ provider: 'generic', url: 'https://updates.castdesk.eu/desktop/' }]);
    } finally {
      if (previous === undefined) delete process.env.CASTDESK_UPDATE_FEED_URL;
      else process.env.CASTDESK_UPDATE_FEED_URL = previous;
      delete load.cache[configFile];
    }
  });

  it('installs per user on Windows, and signs for macOS with the hardened runtime and only the entitlements V8 needs', () => {
    expect(config.nsis).toMatchObject({ oneClick: true, perMachine: false });
    expect(config.mac).toMatchObject({ hardenedRuntime: true, entitlements: 'resources/entitlements.mac.plist', entitlementsInherit: 'resources/entitlements.mac.plist' });
    const plist = readFileSync(path.join(repoRoot, config.mac.entitlements), 'utf8');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1]);
    expect(granted).toEqual(['com.apple.security.cs.allow-jit', 'com.apple.security.cs.allow-unsigned-executable-memory']);
  });

  it('installs an AppArmor profile with the deb that lets the sandbox create user namespaces (Ubuntu 24.04+)', () => {
    // electron-builder's own deb scripts do it (electron-userland/electron-builder#8635); the config keeps them.
    expect(config.deb).not.toHaveProperty('afterInstall');
    expect(config.deb).not.toHaveProperty('appArmorProfile');
    const templates = path.join(repoRoot, 'node_modules/app-builder-lib/templates/linux');
    const render = (file: string) => readFileSync(path.join(templates, file), 'utf8').replaceAll('${executable}', 'castdesk').replaceAll('${sanitizedProductName}', config.productName);
    const profile = render('apparmor-profile.tpl');
    expect(profile).toMatch(/^profile "castdesk" "\/opt\/Castdesk\/castdesk" flags=\(unconfined\) \{$/m);
    expect(profile).toMatch(/^\s+userns,$/m);
    const postinst = render('after-install.tpl');
    expect(postinst).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/castdesk'");
    expect(postinst).toMatch(/apparmor_parser --replace .*"\$APPARMOR_PROFILE_TARGET"/);
    // And the deb target copies the profile next to the app, where postinst takes it from.
    const fpm = readFileSync(path.join(repoRoot, 'node_modules/app-builder-lib/out/targets/FpmTarget.js'), 'utf8');
    expect(fpm).toMatch(/copyFile\)\(scripts\.appArmor, path\.join\(resourceDir, "apparmor-profile"\)\)/);
  });

  it('files the Linux app under Office', () => {
    expect(config.linux.category).toBe('Office');
  });

  it('keeps renderer-only libraries out of the dependencies the asar is made from', () => {
    const runtime = Object.keys(packageJson.dependencies);
    expect(runtime.filter((name) => rendererOnlyPackages.some((banned) => name === banned || name.startsWith(`${banned}/`)))).toEqual([]);
    // What the main process, the preload and the demo directory import, and what other helpers rely on.
    expect(runtime).toEqual(expect.arrayContaining(['@electric-sql/pglite', '@napi-rs/keyring', 'fastify', 'pg', 'sanitize-html', 'zod', '@fastify/compress', 'electron-updater']));
  });

  it('packs out/ and package.json into an asar, unpacking only native modules, WebAssembly and data files', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
    expect(config.asar).toBe(true);
    // Scripts (the keyring's index.js, PGlite's JavaScript) stay in the integrity-checked asar.
    expect(config.asarUnpack).toEqual(['**/*.node', '**/*.wasm', '**/*.data']);
    expect(config.npmRebuild).toBe(false);
    // The target's keyring binding is staged before each target is packed (scripts/keyring-binding.mjs).
    expect(config.beforePack).toBe('./scripts/keyring-binding.mjs');
  });

  it('has an icon for every target', () => {
    expect(pngSize(path.join(repoRoot, config.mac.icon))).toEqual({ width: 1024, height: 1024 });
    const linuxIcons = readdirSync(path.join(repoRoot, config.linux.icon)).sort();
    expect(linuxIcons).toEqual(['128x128.png', '16x16.png', '24x24.png', '256x256.png', '32x32.png', '48x48.png', '512x512.png', '64x64.png']);
    for (const name of linuxIcons) {
      const side = Number(name.split('x')[0]);
      expect(pngSize(path.join(repoRoot, config.linux.icon, name)), name).toEqual({ width: side, height: side });
    }
    const ico = readFileSync(path.join(repoRoot, config.win.icon));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sides = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => ico[6 + 16 * index] || 256);
    expect(sides).toContain(256);
  });
});

describe('electron-builder --dir with a local Electron stand-in', () => {
  let workDir: string;
  let appDir: string;
  let files: string[];

  beforeAll(async () => {
    if (!existsSync(path.join(repoRoot, 'out/main/index.js')) || !existsSync(path.join(repoRoot, 'out/main/directory.js'))) {
      await run(path.join(repoRoot, 'node_modules/.bin/electron-vite'), ['build'], { cwd: repoRoot });
    }
    workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-pack-'));
    appDir = await packWithStandInElectron(repoRoot, workDir);
    files = listPackage(path.join(appDir, 'resources', 'app.asar'), { isPack: false }).map((file) => file.replaceAll('\\', '/'));
  }, 240_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('names the executable after the app', () => {
    expect(existsSync(path.join(appDir, 'castdesk'))).toBe(true);
  });

  it('flips the fuses in the packaged binary', () => {
    expect(readFuses(path.join(appDir, 'castdesk'))).toMatchObject(hardenedFuses);
  });

  it('keeps app.asar within 24 MB and free of renderer-only libraries', () => {
    const asarBytes = statSync(path.join(appDir, 'resources', 'app.asar')).size;
    console.info(`app.asar: ${(asarBytes / 1024 / 1024).toFixed(1)} MB`);
    expect(asarBytes).toBeLessThanOrEqual(asarBudgetBytes);
    const packaged = new Set(files.filter((file) => file.endsWith('/package.json')).map((file) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(file)?.[1]));
    const rendererOnly = [...packaged].filter((name) => name && rendererOnlyPackages.some((banned) => name === banned || name.startsWith(`${banned}/`)));
    expect(rendererOnly).toEqual([]);
  });

  it('leaves the office server and what only it needs out of the app (a service of its own, not run by the app)', () => {
    const packaged = new Set(files.filter((file) => file.endsWith('/package.json')).map((file) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(file)?.[1]));
    for (const name of ['@hocuspocus/server', '@hocuspocus/extension-redis', 'ioredis', 'yjs', 'y-protocols', 'lib0', 'redis-parser']) expect(packaged.has(name), name).toBe(false);
    // What the app itself loads stays, also where the office server needs it too.
    for (const name of ['fastify', 'pg', 'zod', 'electron-updater', '@electric-sql/pglite']) expect(packaged.has(name), name).toBe(true);
  });

  it('ships the one PGlite extension the directory service loads, pg_trgm', () => {
    const unpacked = path.join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@electric-sql', 'pglite', 'dist');
    const inAsar = files.filter((file) => file.startsWith('/node_modules/@electric-sql/pglite/dist/')).map((file) => path.posix.basename(file));
    const extensions = [...new Set([...readdirSync(unpacked), ...inAsar])].filter((file) => file.endsWith('.tar.gz'));
    expect(extensions).toEqual(['pg_trgm.tar.gz']);
  });

  it('contains the built app: main, preload, renderer, the bundled directory service and every catalogue', () => {
    for (const file of ['/package.json', '/out/main/index.js', '/out/main/directory.js', '/out/preload/index.cjs', '/out/renderer/index.html']) {
      expect(files, file).toContain(file);
    }
    for (const catalogue of readdirSync(path.join(repoRoot, 'contract/catalogues'))) expect(files).toContain(`/out/catalogues/${catalogue}`);
  });

  it('contains the production dependencies the main process and the directory service load', () => {
    // electron-updater and what it loads at run time (electron/main/updates.ts).
    for (const dependency of ['zod', 'fastify', '@electric-sql/pglite', 'pg', 'sanitize-html', '@napi-rs/keyring', 'electron-updater', 'builder-util-runtime', 'js-yaml', 'fs-extra', 'lazy-val']) {
      expect(files, dependency).toContain(`/node_modules/${dependency}/package.json`);
    }
  });

  it('has no update feed when packaged without CASTDESK_UPDATE_FEED_URL, so the app never checks', () => {
    expect(process.env.CASTDESK_UPDATE_FEED_URL).toBeUndefined();
    expect(existsSync(path.join(appDir, 'resources', 'app-update.yml'))).toBe(false);
  });

  it('unpacks the keyring’s native module from the asar: the x64 Linux binding and no other', () => {
    const unpacked = path.join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@napi-rs');
    const nativeModules = readdirSync(unpacked, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.node'));
    expect(nativeModules.map((file) => file.replaceAll('\\', '/'))).toEqual(['keyring-linux-x64-gnu/keyring.linux-x64-gnu.node']);
    // ELF, machine x86-64 (62).
    const binary = readFileSync(path.join(unpacked, nativeModules[0]!));
    expect([binary.subarray(0, 4).toString('latin1'), binary.readUInt16LE(18)]).toEqual(['\x7fELF', 62]);
    expect(files).toContain('/node_modules/@napi-rs/keyring-linux-x64-gnu/package.json');
  });

  it('unpacks nothing but native modules, WebAssembly and data files; the scripts stay in the asar', () => {
    const unpackedRoot = path.join(appDir, 'resources', 'app.asar.unpacked');
    const unpacked = readdirSync(unpackedRoot, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(unpackedRoot, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
    expect(unpacked.filter((file) => !/\.(node|wasm|data)$/.test(file))).toEqual([]);
    expect(unpacked).toEqual(expect.arrayContaining(['node_modules/@electric-sql/pglite/dist/pglite.wasm', 'node_modules/@electric-sql/pglite/dist/pglite.data']));
    for (const script of ['/node_modules/@napi-rs/keyring/index.js', '/node_modules/@electric-sql/pglite/dist/index.js']) {
      expect(files, script).toContain(script);
      expect(existsSync(path.join(unpackedRoot, script)), `${script} unpacked`).toBe(false);
    }
  });

  it('leaves out sources, tests and development tools', () => {
    const forbidden = files.filter(
      (file) =>
        /^\/(electron|server|renderer|contract|test|scripts|resources)\//.test(file) ||
        /^\/node_modules\/(electron|electron-builder|electron-vite|vitest|typescript|tsx|@playwright|eslint|@doyensec)\//.test(file) ||
        file.endsWith('.map'),
    );
    expect(forbidden).toEqual([]);
  });
});
