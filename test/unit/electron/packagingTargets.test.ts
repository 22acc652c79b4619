/**
 * Issue 21, item 5: every package carries the keychain binding of its own target, whichever
 * machine builds it. npm installs only this machine's binding (Linux x64 here), so
 * scripts/keyring-binding.mjs stages the target's one before electron-builder packs it. Proven:
 * - with real `electron-builder --dir` runs for two targets this machine is not (Linux arm64 and
 *   Windows x64) against a local stand-in for Electron (its binary cannot be downloaded): each
 *   app.asar holds that target's binding and no other, unpacked, and the binary's header names the
 *   target's machine (ELF aarch64, PE x64). The Windows run skips what needs the real Electron.exe
 *   (editing its resources, embedding the asar's hash into it);
 * - for macOS (whose `--dir` needs an icon tool electron-builder downloads from GitHub), the staged
 *   bindings are Mach-O files for arm64 and x86-64, the ones the config copies for `mac-${arch}`;
 * - every staged binding matches the integrity package-lock.json records.
 * The staging needs the npm registry (or npm's cache), as `npm ci` does.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringBindings, keyringStagingFolder, stageKeyringBinding } from '../../../scripts/keyring-binding.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
const config = createRequire(import.meta.url)(path.join(repoRoot, 'electron-builder.config.cjs')) as {
  files: (string | { from: string; to: string; filter: string[] })[];
};

/** Where @electron/fuses finds the fuse wire (see packaging.test.ts): Electron's defaults. */
const fuseWire = Buffer.concat([Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX', 'latin1'), Buffer.from([1, 8]), Buffer.from('10110001', 'latin1')]);

/** The machine a native binary is built for, read from its header. */
function machineOf(file: string): string {
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 4).toString('latin1') === '\x7fELF') return `elf-${bytes.readUInt16LE(18)}`;
  if (bytes.readUInt32LE(0) === 0xfeedfacf) return `macho-${bytes.readUInt32LE(4).toString(16)}`;
  if (bytes.subarray(0, 2).toString('latin1') === 'MZ') return `pe-${bytes.readUInt16LE(bytes.readUInt32LE(0x3c) + 4).toString(16)}`;
  return 'unknown';
}
const elfAarch64 = 'elf-183';
const peX64 = 'pe-8664';
const machoArm64 = 'macho-100000c';
const machoX64 = 'macho-1000007';

/** The .node files under a folder, relative and with forward slashes. */
function nativeModulesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.node'))
    .map((file) => file.replaceAll('\\', '/'))
    .sort();
}

describe('the keyring binding of every target', () => {
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-targets-'));
  });

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('copies the staged binding of the target being packed, from the folder the staging script fills', () => {
    expect(config.files).toContainEqual({ from: `${keyringStagingFolder}/\${os}-\${arch}/node_modules`, to: 'node_modules', filter: ['@napi-rs/keyring-*/**'] });
    expect(config.files).toContain('!node_modules/@napi-rs/keyring-*{,/**}');
  });

  it('stages a binding for Linux, macOS and Windows on x64 and arm64, each built for its machine and locked by package-lock.json', async () => {
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { integrity?: string }> };
    const expected: Record<string, string> = {
      'linux-x64': 'elf-62',
      'linux-arm64': elfAarch64,
      'mac-x64': machoX64,
      'mac-arm64': machoArm64,
      'win-x64': peX64,
      'win-arm64': 'pe-aa64',
    };
    expect(Object.keys(keyringBindings).sort()).toEqual(Object.keys(expected).sort());
    for (const [target, machine] of Object.entries(expected)) {
      const [os = '', arch = ''] = target.split('-');
      const folder = await stageKeyringBinding({ projectDir: repoRoot, os, arch });
      const { name } = keyringBindings[target]!;
      const staged = nativeModulesUnder(path.join(folder, 'node_modules', '@napi-rs'));
      expect(staged, target).toHaveLength(1);
      expect(staged[0]!.startsWith(`${name.slice('@napi-rs/'.length)}/`), target).toBe(true);
      expect(machineOf(path.join(folder, 'node_modules', '@napi-rs', staged[0]!)), target).toBe(machine);
      const stagedLock = JSON.parse(readFileSync(path.join(folder, 'package-lock.json'), 'utf8')) as typeof lock;
      expect(stagedLock.packages[`node_modules/${name}`]?.integrity, target).toBe(lock.packages[`node_modules/${name}`]?.integrity);
    }
  }, 240_000);

  it('refuses a target without a binding rather than packing an app that cannot keep keys', async () => {
    await expect(stageKeyringBinding({ projectDir: repoRoot, os: 'linux', arch: 'ia32' })).rejects.toThrow(/No keychain binding for linux ia32/);
  });

  /** Runs `electron-builder --dir` for one target with a stand-in Electron folder; the packed app's folder. */
  async function packDir(platform: 'linux' | 'win', arch: 'arm64' | 'x64'): Promise<string> {
    const electronDist = path.join(workDir, `electron-${platform}`);
    await mkdir(path.join(electronDist, 'resources'), { recursive: true });
    const executable = path.join(electronDist, platform === 'win' ? 'electron.exe' : 'electron');
    await writeFile(executable, Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n', 'latin1'), fuseWire]));
    await chmod(executable, 0o755);
    // The stand-in is no PE file: Windows' resource editing and asar hash embedding need the real one.
    const standInOnly = platform === 'win' ? ['-c.win.signAndEditExecutable=false', '-c.disableAsarIntegrity=true'] : [];
    await run(
      path.join(repoRoot, 'node_modules/.bin/electron-builder'),
      ['--dir', `--${platform}`, `--${arch}`, '--config', 'electron-builder.config.cjs', `-c.directories.output=${path.join(workDir, 'dist')}`, ...standInOnly],
      { cwd: repoRoot, env: { ...process.env, CASTDESK_ELECTRON_DIST: electronDist }, maxBuffer: 16 * 1024 * 1024 },
    );
    return path.join(workDir, 'dist', platform === 'win' ? 'win-unpacked' : `${platform}-${arch}-unpacked`);
  }

  it.each([
    ['linux', 'arm64', 'keyring-linux-arm64-gnu/keyring.linux-arm64-gnu.node', elfAarch64],
    ['win', 'x64', 'keyring-win32-x64-msvc/keyring.win32-x64-msvc.node', peX64],
  ] as const)('packs the %s %s app with its own binding, unpacked, and no other', async (platform, arch, binding, machine) => {
    const appDir = await packDir(platform, arch);
    const unpacked = path.join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@napi-rs');
    expect(nativeModulesUnder(unpacked)).toEqual([binding]);
    expect(machineOf(path.join(unpacked, binding))).toBe(machine);
    const files = listPackage(path.join(appDir, 'resources', 'app.asar'), { isPack: false }).map((file) => file.replaceAll('\\', '/'));
    const bindingPackages = files.filter((file) => /^\/node_modules\/@napi-rs\/keyring-[^/]+\/package\.json$/.test(file));
    expect(bindingPackages).toEqual([`/node_modules/@napi-rs/${binding.split('/')[0]}/package.json`]);
    expect(files).toContain('/node_modules/@napi-rs/keyring/index.js');
  }, 300_000);
});
