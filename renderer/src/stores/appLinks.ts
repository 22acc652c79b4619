/**
 * castdesk:// links in the renderer: opening the route of a link main received (at start, and
 * whenever main says one is waiting), and "Copy link" on a page. The route main hands over is read
 * again with the contract's schema before the router sees it. Copying goes through the back end's
 * clipboard in Electron (the page's own clipboard needs a permission the app denies to pages); the
 * web shell's back end has none, so there the page copies with navigator.clipboard (127.0.0.1 is a
 * secure context).
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Router } from 'vue-router';
import { linkableRoute } from '../../../contract/app-links.ts';
import { bridgeChannels } from '../../../contract/bridge.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { onAppLinkWaiting } from '../bridge/castdeskBridge.ts';
import { useDesktopShellStore } from './desktopShell.ts';

export type CopyOutcome = 'copied' | 'failed';

export const useAppLinksStore = defineStore('appLinks', () => {
  const bridge = useBridge();
  const desktop = useDesktopShellStore();
  /** The outcome of the last "Copy link", by the route it copied (a page shows it beside its button). */
  const lastCopy = ref<{ route: string; outcome: CopyOutcome } | null>(null);
  let router: Router | null = null;

  /** Opens the waiting link's route, if any; a route off the contract is reported and not opened. */
  async function openWaitingLink(): Promise<void> {
    const answer = await bridge.takeAppLink({});
    if (!answer.ok) return;
    const read = bridgeChannels.takeAppLink.result.safeParse(answer.value);
    if (!read.success) {
      desktop.report(new Error('takeAppLink answered a route no castdesk:// link opens'), 'appLinks');
      return;
    }
    if (read.data.route !== null) await router?.push(read.data.route);
  }

  /** Starts listening (once): the link that started the app opens now, later ones when main says. */
  function listen(appRouter: Router): void {
    if (router) return;
    router = appRouter;
    onAppLinkWaiting(() => void openWaitingLink());
    void openWaitingLink();
  }

  /** Puts the castdesk:// link of `route` (a router path with its query) on the clipboard. */
  async function copyLink(route: string): Promise<CopyOutcome> {
    const linkable = linkableRoute(route);
    let outcome: CopyOutcome = 'failed';
    if (linkable !== null) {
      const answer = await bridge.copyAppLink({ route: linkable });
      if (answer.ok && answer.value.copied) outcome = 'copied';
      else if (answer.ok) outcome = await copyInPage(answer.value.link);
    }
    lastCopy.value = { route, outcome };
    return outcome;
  }

  return { lastCopy, listen, copyLink, openWaitingLink };
});

async function copyInPage(link: string): Promise<CopyOutcome> {
  try {
    await navigator.clipboard.writeText(link);
    return 'copied';
  } catch {
    return 'failed';
  }
}
