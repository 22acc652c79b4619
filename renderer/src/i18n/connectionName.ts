/**
 * The name a connection is shown by. The back end names the demo connection it creates "Demo
 * directory" (or "Demo directory 2", … beside a user's own connection of that name); the user
 * never typed that, so it is shown in the UI language. A name the user gave stays as written.
 */
import type { MessageKey } from './en.ts';

const demoName = /^Demo directory(?: (\d+))?$/u;

export type Translate = (key: MessageKey, named: Record<string, unknown>) => string;

export function shownConnectionName(connection: { name: string; isDemo: boolean }, t: Translate): string {
  const match = connection.isDemo ? demoName.exec(connection.name.trim()) : null;
  if (!match) return connection.name;
  return match[1] === undefined ? t('connections.demoName', {}) : t('connections.demoNameNumbered', { number: match[1] });
}
