/**
 * The keychain's native binding for the package being built, whichever machine builds it.
 *
 * @napi-rs/keyring loads its binary from one optional dependency per platform
 * (`@napi-rs/keyring-linux-x64-gnu`, …), and npm installs only the one of the machine it runs on:
 * a Linux arm64 or macOS package built on Linux x64 would ship without its keychain. So before
 * electron-builder packs a target (its `beforePack` hook), the target's binding is installed into
 * a staging folder per target, `node_modules/.cache/castdesk-keyring/<os>-<arch>`, by npm itself
 * (the keyring at the locked version, with npm told the target's os, cpu and libc), and checked
 * against the integrity package-lock.json records for it; electron-builder.config.cjs copies it
 * from there into the app's node_modules. The machine's own binding is left out of the package.
 * A target without a binding, a failed download or a checksum that differs stops the build: a
 * package without its keychain would refuse every key.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the bindings are staged, relative to the project; electron-builder.config.cjs reads it. */
export const keyringStagingFolder = 'node_modules/.cache/castdesk-keyring';

/**
 * The binding package of each target, by electron-builder's `${os}-${arch}` (os: linux, mac, win),
 * with what npm must be told to install it. Linux packages run on glibc desktops (deb, AppImage).
 * @type {Record<string, { name: string, os: string, cpu: string, libc?: string }>}
 */
export const keyringBindings = {
  'linux-x64': { name: '@napi-rs/keyring-linux-x64-gnu', os: 'linux', cpu: 'x64', libc: 'glibc' },
  'linux-arm64': { name: '@napi-rs/keyring-linux-arm64-gnu', os: 'linux', cpu: 'arm64', libc: 'glibc' },
  'mac-x64': { name: '@napi-rs/keyring-darwin-x64', os: 'darwin', cpu: 'x64' },
  'mac-arm64': { name: '@napi-rs/keyring-darwin-arm64', os: 'darwin', cpu: 'arm64' },
  'win-x64': { name: '@napi-rs/keyring-win32-x64-msvc', os: 'win32', cpu: 'x64' },
  'win-arm64': { name: '@napi-rs/keyring-win32-arm64-msvc', os: 'win32', cpu: 'arm64' },
};

/** electron-builder's Arch enum (builder-util), by value. */
const archNames = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];
/** electron-builder's `${os}` for Electron's platform names. */
const osKeys = { linux: 'linux', darwin: 'mac', mas: 'mac', win32: 'win' };

/**
 * A locked package's version and integrity from package-lock.json.
 * @param {string} projectDir
 * @param {string} name
 * @returns {{ version: string, integrity: string }}
 */
function locked(projectDir, name) {
  const lock = JSON.parse(readFileSync(path.join(projectDir, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.[`node_modules/${name}`];
  if (!entry?.version || !entry?.integrity) throw new Error(`package-lock.json does not lock ${name}: run npm install.`);
  return { version: entry.version, integrity: entry.integrity };
}

/**
 * The integrity npm recorded for `name` in a staging folder, or null when it is not staged there.
 * @param {string} folder
 * @param {string} name
 */
function stagedIntegrity(folder, name) {
  const lockFile = path.join(folder, 'package-lock.json');
  if (!existsSync(lockFile) || !existsSync(path.join(folder, 'node_modules', name, 'package.json'))) return null;
  return JSON.parse(readFileSync(lockFile, 'utf8')).packages?.[`node_modules/${name}`]?.integrity ?? null;
}

/**
 * Runs npm (the one running `npm run dist` when there is one) and fails with its output.
 * @param {string[]} args
 */
function npm(args) {
  const cli = process.env.npm_execpath;
  const result = cli?.endsWith('.js')
    ? spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' })
    : spawnSync('npm', args, { encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stderr || result.error?.message || ''}`);
}

/**
 * Installs the keyring binding of one target into its staging folder (kept between builds; npm's
 * cache serves a second download) and returns that folder.
 * @param {{ projectDir: string, os: string, arch: string }} target  os: linux, mac or win
 * @returns {Promise<string>}
 */
export async function stageKeyringBinding({ projectDir, os, arch }) {
  const binding = keyringBindings[`${os}-${arch}`];
  if (!binding) throw new Error(`No keychain binding for ${os} ${arch}: Castdesk packages linux, mac and win for x64 and arm64.`);
  const keyring = locked(projectDir, '@napi-rs/keyring');
  const expected = locked(projectDir, binding.name);
  const folder = path.join(projectDir, keyringStagingFolder, `${os}-${arch}`);
  if (stagedIntegrity(folder, binding.name) !== expected.integrity) {
    await mkdir(folder, { recursive: true });
    // A project of its own, so npm never walks up to Castdesk's package.json.
    await writeFile(path.join(folder, 'package.json'), '{ "private": true }\n');
    npm([
      'install',
      '--prefix',
      folder,
      '--save-exact',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      `--os=${binding.os}`,
      `--cpu=${binding.cpu}`,
      ...(binding.libc ? [`--libc=${binding.libc}`] : []),
      `@napi-rs/keyring@${keyring.version}`,
    ]);
  }
  const staged = stagedIntegrity(folder, binding.name);
  if (staged !== expected.integrity) {
    throw new Error(`${binding.name} staged for ${os}-${arch} has integrity ${staged}, but package-lock.json locks ${expected.integrity}.`);
  }
  return folder;
}

/**
 * electron-builder's beforePack hook: stages the binding of the target about to be packed.
 * @param {{ electronPlatformName: string, arch: number, packager: { projectDir: string } }} context
 */
export async function beforePack(context) {
  const os = osKeys[/** @type {keyof typeof osKeys} */ (context.electronPlatformName)];
  await stageKeyringBinding({ projectDir: context.packager.projectDir, os, arch: archNames[context.arch] ?? String(context.arch) });
}
