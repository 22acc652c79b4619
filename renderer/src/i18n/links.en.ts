/** English texts of castdesk:// links ("Copy link" on profiles, casting calls, shortlists and saved searches). */
export const linksEn = {
  copy: 'Copy link',
  copyNamed: 'Copy the link to “{name}”',
  copied: 'Link copied',
  copyFailed: 'The link could not be copied.',
};
