/**
 * Copying a text the user asks to copy (their comment or note the office refused,
 * components/shortlists/OfficeRefusedTexts.vue): through the back end's clipboard in Electron,
 * since the page's own clipboard needs a permission the app denies to pages; the web shell's back
 * end has none, so there the page copies with navigator.clipboard (127.0.0.1 is a secure context).
 */
import { defineStore } from 'pinia';
import { useBridge } from '../bridge/bridgeInjection.ts';
import type { CopyOutcome } from './appLinks.ts';

export const useClipboardStore = defineStore('clipboard', () => {
  const bridge = useBridge();

  /** Puts `text` on the clipboard; 'failed' when neither the back end nor the page could. */
  async function copyText(text: string): Promise<CopyOutcome> {
    const answer = await bridge.copyText({ text });
    if (!answer.ok) return 'failed';
    if (answer.value.copied) return 'copied';
    try {
      await navigator.clipboard.writeText(text);
      return 'copied';
    } catch {
      return 'failed';
    }
  }

  return { copyText };
});
