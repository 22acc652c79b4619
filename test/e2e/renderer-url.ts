/** The URL global-setup.ts serves the built renderer on. */
export function rendererUrl(): string {
  const url = process.env.CASTDESK_E2E_RENDERER_URL;
  if (!url) throw new Error('CASTDESK_E2E_RENDERER_URL is not set: the Playwright global setup did not run');
  return url;
}
