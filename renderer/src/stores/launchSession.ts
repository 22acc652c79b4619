/**
 * Whether this tab still belongs to the running web shell. Every start of the web shell makes a
 * new launch token and a tab gets one only from a launch address, so a tab opened before a restart
 * holds a token the back end refuses: it belongs to an earlier start. Its lists are not gone (the
 * library and the shortlists live in this browser, for the address), it may only no longer use the
 * back end; the app says so instead of showing pages that look empty.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { onLaunchTokenRefused } from '../bridge/castdeskBridge.ts';

export const useLaunchSessionStore = defineStore('launchSession', () => {
  /** Set once the back end refused this tab's token; it stays until the tab is opened anew. */
  const earlierStart = ref(false);
  onLaunchTokenRefused(() => {
    earlierStart.value = true;
  });
  /** Where the web shell's launch addresses begin (this page's own origin). */
  const shellOrigin = typeof window === 'undefined' ? '' : window.location.origin;
  return { earlierStart, shellOrigin };
});
