/**
 * Number and date formats for every UI language, by name, so a view writes `n(count, 'integer')`
 * or `d(date, 'dateTime')` and each language gets its own separators, units and date order from
 * Intl ("50,000" / "50.000" / "50 000"; "1.5 MB" / "1,5 MB"; "11/25/2026" only in English).
 */
import type { IntlDateTimeFormats, IntlNumberFormats } from 'vue-i18n';

/** The byte units a size is shown in, smallest first (binary multiples, as file managers count). */
export const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
export type ByteUnit = (typeof byteUnits)[number];

function unitFormat(unit: ByteUnit): Intl.NumberFormatOptions {
  return { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 };
}

const numberFormat = {
  integer: { maximumFractionDigits: 0 },
  decimal: { maximumFractionDigits: 1 },
  percent: { style: 'percent', maximumFractionDigits: 0 },
  byte: unitFormat('byte'),
  kilobyte: unitFormat('kilobyte'),
  megabyte: unitFormat('megabyte'),
  gigabyte: unitFormat('gigabyte'),
  /** A height: "178 cm", "178 см". */
  centimetre: { style: 'unit', unit: 'centimeter', unitDisplay: 'short', maximumFractionDigits: 0 },
} as const satisfies Record<string, Intl.NumberFormatOptions>;

const dateTimeFormat = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  monthYear: { month: '2-digit', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type NumberFormatName = keyof typeof numberFormat;
export type DateTimeFormatName = keyof typeof dateTimeFormat;

/** vue-i18n's `numberFormats` for `locales`: the same names everywhere, Intl does the rest. */
export function numberFormatsFor<Locale extends string>(locales: readonly Locale[]): Record<Locale, IntlNumberFormats[string]> {
  return Object.fromEntries(locales.map((locale) => [locale, numberFormat])) as unknown as Record<Locale, IntlNumberFormats[string]>;
}

/** vue-i18n's `datetimeFormats` for `locales`. */
export function dateTimeFormatsFor<Locale extends string>(locales: readonly Locale[]): Record<Locale, IntlDateTimeFormats[string]> {
  return Object.fromEntries(locales.map((locale) => [locale, dateTimeFormat])) as unknown as Record<Locale, IntlDateTimeFormats[string]>;
}

/** The unit to show `bytes` in and the value in that unit (1,024 of one unit make the next). */
export function byteSize(bytes: number): { unit: ByteUnit; value: number } {
  let index = 0;
  while (index < byteUnits.length - 1 && bytes >= 1024 ** (index + 1)) index += 1;
  return { unit: byteUnits[index]!, value: bytes / 1024 ** index };
}
