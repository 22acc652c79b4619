/**
 * Packaging (`npm run dist` = electron-vite build, then electron-builder with this file): AppImage
 * and deb on Linux, dmg on macOS, an NSIS installer on Windows. The app is out/ (main, preload,
 * renderer, the bundled directory service out/main/directory.js and its catalogues out/catalogues)
 * plus the production dependencies; the keyring's native module and PGlite's WebAssembly files are
 * unpacked from the asar so the OS loader and the demo directory's utility process can read them.
 * Only what main, preload and the demo directory load at run time is a dependency (package.json):
 * the renderer's libraries are bundled by Vite and stay devDependencies, out of the asar.
 * `CASTDESK_ELECTRON_DIST=<folder>` packages with a local Electron instead of downloading one.
 * `CASTDESK_UPDATE_FEED_URL=https://…/` gives the package an update feed (see `publish`).
 * @type {import('electron-builder').Configuration}
 */
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
  ],
  asar: true,
  asarUnpack: ['node_modules/@napi-rs/keyring*/**', 'node_modules/@electric-sql/pglite/**'],
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
  // what Electron and the keyring need; a list here would replace it, not extend it.
  deb: {},
  mac: { target: ['dmg'], icon: 'resources/icon-1024.png', category: 'public.app-category.productivity' },
  dmg: { title: 'Castdesk' },
  win: { target: ['nsis'], icon: 'resources/icon.ico' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
};
