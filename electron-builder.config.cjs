/**
 * Packaging (`npm run dist` = electron-vite build, then electron-builder with this file): AppImage
 * and deb on Linux, dmg on macOS, an NSIS installer on Windows. The app is out/ (main, preload,
 * renderer, the bundled directory service out/main/directory.js and its catalogues out/catalogues)
 * plus the production dependencies; the keyring's native module and PGlite's WebAssembly files are
 * unpacked from the asar so the OS loader and the demo directory's child process can read them.
 * `CASTDESK_ELECTRON_DIST=<folder>` packages with a local Electron instead of downloading one.
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
  ],
  asar: true,
  asarUnpack: ['node_modules/@napi-rs/keyring*/**', 'node_modules/@electric-sql/pglite/**'],
  // @napi-rs/keyring ships prebuilt N-API binaries that work with any Electron: nothing to rebuild.
  npmRebuild: false,
  electronDist: process.env.CASTDESK_ELECTRON_DIST || undefined,
  extraMetadata: { main: 'out/main/index.js' },
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'AudioVideo',
    maintainer: 'Castdesk <support@castdesk.eu>',
    synopsis: 'Casting research: actors, crew and casting calls, online and offline',
  },
  deb: { depends: ['libsecret-1-0'] },
  mac: { target: ['dmg'], icon: 'resources/icon.png', category: 'public.app-category.productivity' },
  dmg: { title: 'Castdesk' },
  win: { target: ['nsis'], icon: 'resources/icon.ico' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
};
