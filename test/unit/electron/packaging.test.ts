/**
 * Packaging: the electron-builder configuration (targets, asar, what is unpacked, icons), and a
 * real `electron-builder --dir --linux` run against a local stand-in for Electron's binary (it
 * cannot be downloaded here), whose app.asar is then listed: the built app, the bundled directory
 * service and its catalogues, the production dependencies, the keyring's native module unpacked,
 * and no sources or development tools.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
const config = createRequire(import.meta.url)(path.join(repoRoot, 'electron-builder.config.cjs')) as {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  npmRebuild: boolean;
  linux: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the electron-builder configuration', () => {
  it('names the app and builds AppImage and deb, dmg, and nsis', () => {
    expect(config.appId).toBe('eu.castdesk.app');
    expect(config.productName).toBe('Castdesk');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(packageJson.scripts.dist).toBe('electron-vite build && electron-builder --config electron-builder.config.cjs');
  });

  it('packs out/ and package.json into an asar, with the keyring’s native module unpacked', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('node_modules/@napi-rs/keyring*/**');
    expect(config.npmRebuild).toBe(false);
  });

  it('has an icon for every target', () => {
    expect(pngSize(path.join(repoRoot, config.mac.icon))).toEqual({ width: 512, height: 512 });
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
    // What electron-builder copies from a real Electron folder: the executable (renamed to the app's) and resources/.
    const electronDist = path.join(workDir, 'electron');
    await mkdir(path.join(electronDist, 'resources'), { recursive: true });
    await writeFile(path.join(electronDist, 'electron'), '#!/bin/sh\necho "a stand-in for Electron"\n');
    await chmod(path.join(electronDist, 'electron'), 0o755);
    await run(
      path.join(repoRoot, 'node_modules/.bin/electron-builder'),
      ['--dir', '--linux', '--x64', '--config', 'electron-builder.config.cjs', `-c.directories.output=${path.join(workDir, 'dist')}`],
      { cwd: repoRoot, env: { ...process.env, CASTDESK_ELECTRON_DIST: electronDist }, maxBuffer: 16 * 1024 * 1024 },
    );
    appDir = path.join(workDir, 'dist', 'linux-unpacked');
    files = listPackage(path.join(appDir, 'resources', 'app.asar'), { isPack: false }).map((file) => file.replaceAll('\\', '/'));
  }, 240_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('names the executable after the app', () => {
    expect(existsSync(path.join(appDir, 'castdesk'))).toBe(true);
  });

  it('contains the built app: main, preload, renderer, the bundled directory service and every catalogue', () => {
    for (const file of ['/package.json', '/out/main/index.js', '/out/main/directory.js', '/out/preload/index.cjs', '/out/renderer/index.html']) {
      expect(files, file).toContain(file);
    }
    for (const catalogue of readdirSync(path.join(repoRoot, 'server/catalogues'))) expect(files).toContain(`/out/catalogues/${catalogue}`);
  });

  it('contains the production dependencies the main process and the directory service load', () => {
    for (const dependency of ['zod', 'fastify', '@electric-sql/pglite', 'pg', 'sanitize-html', '@napi-rs/keyring']) {
      expect(files, dependency).toContain(`/node_modules/${dependency}/package.json`);
    }
  });

  it('unpacks the keyring’s native module from the asar', () => {
    const unpacked = path.join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@napi-rs');
    const nativeModules = readdirSync(unpacked, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.node'));
    expect(nativeModules.length).toBeGreaterThan(0);
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
