/**
 * A status or refusal about one list, kept as its message key and values rather than as text:
 * it is written out when shown, so it follows a change of the UI language, and a view shows it
 * only on the list it is about (issue 22, item 14).
 */
import type { MessageKey } from './en.ts';

export interface ListMessage {
  listId: number;
  key: MessageKey;
  named: Record<string, string | number>;
  /** The count the message's plural form follows; it is shown as `{count}` in the language's format. */
  count?: number;
}

type Translate = (key: MessageKey, named: Record<string, unknown>, plural?: number) => string;
type FormatNumber = (value: number, format: 'integer') => string;

/** The message as text in the current language, or null when there is none for list `listId`. */
export function listMessageText(message: ListMessage | null, listId: number, t: Translate, n: FormatNumber): string | null {
  if (!message || message.listId !== listId) return null;
  if (message.count === undefined) return t(message.key, message.named);
  return t(message.key, { ...message.named, count: n(message.count, 'integer') }, message.count);
}
