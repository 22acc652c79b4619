/**
 * Packaging (`npm run dist` = electron-vite build, then electron-builder with this file): AppImage
 * and deb on Linux, dmg on macOS, an NSIS installer on Windows. The app is out/ (main, preload,
 * renderer, the bundled directory service out/main/directory.js and its catalogues out/catalogues)
 * plus the production dependencies and the keychain binding of the target (scripts/keyring-binding.mjs
 * stages it before each target is packed, whichever machine builds). Only native modules and
 * PGlite's WebAssembly and data files are unpacked from the asar (the OS loader cannot read inside
 * it); every script, the keyring's index.js and PGlite's JavaScript included, stays in the
 * integrity-checked app.asar.
 * Only what main, preload and the demo directory load at run time is a dependency (package.json):
 * the renderer's libraries are bundled by Vite and stay devDependencies, out of the asar.
 * `CASTDESK_ELECTRON_DIST=<folder>` packages with a local Electron instead of downloading one.
 * `CASTDESK_UPDATE_FEED_URL=https://…/` gives the package an update feed (see `publish`).
 * @type {import('electron-builder').Configuration}
 */
const { readFileSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');

/** scripts/keyring-binding.mjs stages each target's binding here (kept equal to its keyringStagingFolder). */
const keyringStagingFolder = 'node_modules/.cache/castdesk-keyring';

/**
 * The casting office server (server/office, `npm run office`) is a service of its own, deployed
 * from the repository; the desktop app does not run it. Its production dependencies, and what only
 * they need, stay out of the package.
 */
const officeServerDependencies = ['@hocuspocus/server', '@hocuspocus/extension-redis', 'ioredis', 'yjs', 'y-protocols'];

/** A JSON file of the repository. */
const readJson = (file) => JSON.parse(readFileSync(join(__dirname, file), 'utf8'));

/**
 * The installed packages `roots` need at run time (their production dependency closure), as folders
 * below node_modules, resolved from package-lock.json the way Node resolves them (nested first).
 */
function runtimeClosure(roots) {
  const { packages } = readJson('package-lock.json');
  const seen = new Set();
  const resolve = (from, name) => {
    for (let base = from; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return undefined;
    }
  };
  const visit = (folder) => {
    if (!folder || seen.has(folder)) return;
    seen.add(folder);
    const entry = packages[folder];
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(resolve(folder, dependency));
  };
  for (const name of roots) visit(resolve('', name));
  return seen;
}

/** Package folders only the office server needs: excluded from the asar. */
function officeServerOnlyPackages() {
  const appRoots = Object.keys(readJson('package.json').dependencies).filter((name) => !officeServerDependencies.includes(name));
  const appNeeds = runtimeClosure(appRoots);
  return [...runtimeClosure(officeServerDependencies)].filter((folder) => !appNeeds.has(folder)).sort();
}

module.exports = {
  appId: 'eu.castdesk.app',
  productName: 'Castdesk',
  copyright: 'Copyright © Castdesk',
  directories: { output: 'dist', buildResources: 'resources' },
  files: [
    'out/**',
    'package.json',
    // Source maps and type declarations of dependencies are of no use at run time.
    '!**/*.{map,d.ts,d.mts,d.cts}',
    // The directory service loads PGlite's pg_trgm extension and no other (server/src/db).
    '!node_modules/@electric-sql/pglite/dist/!(pg_trgm).tar.gz',
    // The building machine's own keyring binding: the target's comes from the staging folder below.
    '!node_modules/@napi-rs/keyring-*{,/**}',
    ...officeServerOnlyPackages().map((folder) => `!${folder}{,/**}`),
    {
      from: `${keyringStagingFolder}/\${os}-\${arch}/node_modules`,
      to: 'node_modules',
      filter: ['@napi-rs/keyring-*/**'],
    },
  ],
  beforePack: './scripts/keyring-binding.mjs',
  asar: true,
  asarUnpack: ['**/*.node', '**/*.wasm', '**/*.data'],
  // @napi-rs/keyring ships prebuilt N-API binaries that work with any Electron: nothing to rebuild.
  npmRebuild: false,
  electronDist: process.env.CASTDESK_ELECTRON_DIST || undefined,
  extraMetadata: { main: 'out/main/index.js' },
  // castdesk:// links (contract/app-links.ts): macOS's Info.plist and the Linux .desktop file name
  // the scheme, so the OS hands a clicked link to Castdesk; Windows registers it at run time
  // (app.setAsDefaultProtocolClient).
  protocols: [{ name: 'Castdesk link', schemes: ['castdesk'] }],
  /**
   * The update feed: a generic provider at CASTDESK_UPDATE_FEED_URL (where latest.yml,
   * latest-linux.yml, latest-mac.yml and the installers are served), written by electron-builder
   * into the package's resources/app-update.yml, which the app reads (electron/main/updates.ts).
   * Unset: no feed, no app-update.yml, and the app never checks for updates.
   */
  publish: process.env.CASTDESK_UPDATE_FEED_URL ? [{ provider: 'generic', url: process.env.CASTDESK_UPDATE_FEED_URL }] : null,
  /**
   * Electron's hardening switches, flipped in the packaged binary: no ELECTRON_RUN_AS_NODE (the
   * demo directory runs in a utility process instead), no NODE_OPTIONS and no --inspect to inject
   * code, the app only from an integrity-checked app.asar, cookies encrypted, and no extra
   * privileges for file:// (the app is served from app://).
   */
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
    grantFileProtocolExtraPrivileges: false,
  },
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'Office',
    maintainer: 'Castdesk <support@castdesk.eu>',
    synopsis: 'Casting research: actors, crew and casting calls, online and offline',
  },
  // No `depends`: electron-builder's default list (GTK, NSS, libsecret-1-0 for the keychain, …) is
  // what Electron and the keyring need; a list here would replace it, not extend it. Its postinst
  // installs an AppArmor profile granting `userns` to /opt/Castdesk/castdesk and loads it with
  // apparmor_parser where AppArmor runs: Ubuntu 24.04+ restricts unprivileged user namespaces,
  // which Chromium's sandbox needs (electron/electron#42510; VS Code and Chrome ship the same).
  deb: {},
  /**
   * Hardened runtime (required for notarization) with only the exceptions Electron's V8 needs.
   * The keychain binding needs no entitlement: it uses the user's login keychain.
   */
  mac: {
    target: ['dmg'],
    icon: 'resources/icon-1024.png',
    category: 'public.app-category.productivity',
    hardenedRuntime: true,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
  },
  dmg: { title: 'Castdesk' },
  win: { target: ['nsis'], icon: 'resources/icon.ico' },
  // Per user, always: a one-click installer with perMachine off installs under the user's
  // AppData\Local\Programs without administrator rights (an assisted one would ask "all users or
  // just me"). Its Start-menu shortcut carries appId as its AppUserModelID, which main sets too
  // (electron/main/appIdentity.ts), so Windows shows the app's notifications.
  nsis: { oneClick: true, perMachine: false },
};
