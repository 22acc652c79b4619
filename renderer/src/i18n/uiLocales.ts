/**
 * The languages the UI speaks, each with its texts and its own name (offered under that name, so
 * it stays findable whatever the current language is). A language joins with one line here and
 * its message files; test/unit/renderer/i18n-keys.test.ts checks it is complete.
 */
import type { Messages } from './en.ts';
import { en } from './en.ts';
import { de } from './de.ts';
import { fr } from './fr.ts';
import { pl } from './pl.ts';
import { es } from './es.ts';
import { ru } from './ru.ts';
import { it } from './it.ts';
import { tr } from './tr.ts';
import { ro } from './ro.ts';
import { uk } from './uk.ts';

export const uiLocales = {
  en: { name: 'English', messages: en },
  de: { name: 'Deutsch', messages: de },
  fr: { name: 'Français', messages: fr },
  pl: { name: 'Polski', messages: pl },
  es: { name: 'Español', messages: es },
  ru: { name: 'Русский', messages: ru },
  it: { name: 'Italiano', messages: it },
  tr: { name: 'Türkçe', messages: tr },
  ro: { name: 'Română', messages: ro },
  uk: { name: 'Українська', messages: uk },
} as const satisfies Record<string, { name: string; messages: Messages }>;
