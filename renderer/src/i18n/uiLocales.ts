/**
 * The languages the UI speaks, each with its texts and its own name (offered under that name, so
 * it stays findable whatever the current language is). A language joins with one line here and
 * its message files; test/unit/renderer/i18nKeys.test.ts checks it is complete.
 */
import type { Messages } from './en.ts';
import { en } from './en.ts';
import { de } from './de.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { es } from './es.ts';
import { pl } from './pl.ts';
import { ro } from './ro.ts';
import { uk } from './uk.ts';
import { ru } from './ru.ts';
import { tr } from './tr.ts';

/** In the order the language menu offers them: English and German first, then the directory's other content languages. */
export const uiLocales = {
  en: { name: 'English', messages: en },
  de: { name: 'Deutsch', messages: de },
  fr: { name: 'Français', messages: fr },
  it: { name: 'Italiano', messages: it },
  es: { name: 'Español', messages: es },
  pl: { name: 'Polski', messages: pl },
  ro: { name: 'Română', messages: ro },
  uk: { name: 'Українська', messages: uk },
  ru: { name: 'Русский', messages: ru },
  tr: { name: 'Türkçe', messages: tr },
} as const satisfies Record<string, { name: string; messages: Messages }>;
