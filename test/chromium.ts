/**
 * How our tests and benchmarks start Debian's Chromium: its own binary (Playwright never
 * downloads a browser here) with the flags a root user on a closed network needs.
 */
export const chromiumExecutable = '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
