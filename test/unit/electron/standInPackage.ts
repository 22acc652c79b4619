/**
 * The app as electron-builder packages it, without Electron's binary (it cannot be downloaded here):
 * a real `electron-builder --dir --linux --x64` run against a local stand-in for Electron's folder,
 * an executable that carries Electron's fuse wire with Electron's defaults, so the fuses
 * electron-builder flips can be read back. Used by the packaging test (what the package contains)
 * and the packaged-app test (that it runs).
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where @electron/fuses finds the fuse wire: after this sentinel, a version byte, a length byte, one byte per fuse. */
export const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's default fuses in wire order (FuseV1Options): '1' on, '0' off. */
const electronDefaultWire = '10110001';

/**
 * The project's electron-builder configuration with `out` (a build made elsewhere) packed as out/:
 * the production dependencies still come from the project's own node_modules, as electron-builder
 * finds them there (a symlinked node_modules loses optional and nested ones).
 */
async function configWithOut(projectDir: string, workDir: string, out: string): Promise<string> {
  const file = path.join(workDir, 'electron-builder.config.cjs');
  const base = JSON.stringify(path.join(projectDir, 'electron-builder.config.cjs'));
  await writeFile(
    file,
    `const base = require(${base});\nmodule.exports = { ...base, files: [{ from: ${JSON.stringify(out)}, to: 'out', filter: ['**/*'] }, ...base.files.filter((entry) => entry !== 'out/**')] };\n`,
  );
  return file;
}

/**
 * Packages the built app of `projectDir` (its out/, or `options.out`, package.json and production
 * dependencies) with electron-builder into `workDir`/dist; returns the unpacked app folder (linux-unpacked).
 */
export async function packWithStandInElectron(projectDir: string, workDir: string, options: { out?: string } = {}): Promise<string> {
  const config = options.out ? await configWithOut(projectDir, workDir, options.out) : 'electron-builder.config.cjs';
  // What electron-builder copies from a real Electron folder: the executable (renamed to the app's) and resources/.
  const electronDist = path.join(workDir, 'electron');
  await mkdir(path.join(electronDist, 'resources'), { recursive: true });
  // The fuse wire as Electron ships it (version 1, eight fuses, Electron's defaults).
  const wire = Buffer.concat([Buffer.from(`#!/bin/sh\necho "a stand-in for Electron"\nexit 0\n${fuseSentinel}`, 'latin1'), Buffer.from([1, 8]), Buffer.from(electronDefaultWire, 'latin1')]);
  await writeFile(path.join(electronDist, 'electron'), wire);
  await chmod(path.join(electronDist, 'electron'), 0o755);
  await run(
    path.join(projectDir, 'node_modules/.bin/electron-builder'),
    ['--dir', '--linux', '--x64', '--config', config, `-c.directories.output=${path.join(workDir, 'dist')}`],
    { cwd: projectDir, env: { ...process.env, CASTDESK_ELECTRON_DIST: electronDist }, maxBuffer: 16 * 1024 * 1024 },
  );
  return path.join(workDir, 'dist', 'linux-unpacked');
}
