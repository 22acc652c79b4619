/** The address globalSetup.ts's web shell printed (launch token in the fragment). */
export function rendererUrl(): string {
  const url = process.env.CASTDESK_E2E_RENDERER_URL;
  if (!url) throw new Error('CASTDESK_E2E_RENDERER_URL is not set: the Playwright global setup did not run');
  return url;
}

/** The web shell's user data folder, for checks on what it wrote. */
export function userDataDir(): string {
  const dir = process.env.CASTDESK_E2E_USER_DATA_DIR;
  if (!dir) throw new Error('CASTDESK_E2E_USER_DATA_DIR is not set: the Playwright global setup did not run');
  return dir;
}
