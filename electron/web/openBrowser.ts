/**
 * Opens a URL in the user's default browser (or mail program, for mailto). Best effort: when no
 * opener exists (a server, a container) the caller has already printed the URL, so a failure is
 * only reported. The URL is one argument of a program started without a shell, never shell text.
 */
import { spawn } from 'node:child_process';

function openerFor(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // Not `cmd /c start`: cmd would read |, <, > and % in a link (they survive URL parsing) as its own syntax.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Resolves true when the opener started, false (with `report` told why) otherwise. */
export function openInBrowser(url: string, report: (line: string) => void, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] = openerFor(platform, url);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', (error) => {
        report(`Could not open a browser (${command}: ${error.message}); open the address above yourself.`);
        resolve(false);
      });
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch (error) {
      report(`Could not open a browser (${(error as Error).message}); open the address above yourself.`);
      resolve(false);
    }
  });
}
