/**
 * Datetimes of the demo data in the spec's shape `yyyy-mm-ddThh:mm:ss.sss+hh:mm`, written in
 * German local time (CET/CEST) like the provider's payloads.
 */
import { flat } from './flatString.ts';

const dayMs = 86_400_000;

/** The last Sunday of a month at 01:00 UTC, when European summer time starts or ends. */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * dayMs;
}

const summerTime = new Map<number, [number, number]>();

function berlinOffsetMinutes(date: Date): number {
  const year = date.getUTCFullYear();
  let range = summerTime.get(year);
  if (!range) {
    // Summer time ended in late September until 1995, in late October since 1996.
    range = [lastSundayUtc(year, 2), lastSundayUtc(year, year < 1996 ? 8 : 9)];
    summerTime.set(year, range);
  }
  const t = date.getTime();
  return t >= range[0] && t < range[1] ? 120 : 60;
}

const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/** Formats an instant as `2025-02-18T13:05:24.865+01:00` (Europe/Berlin offset). */
export function formatDatetime(date: Date): string {
  const offset = berlinOffsetMinutes(date);
  const local = date.getTime() + offset * 60_000;
  // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil inverse).
  const days = Math.floor(local / dayMs);
  const msOfDay = local - days * dayMs;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const seconds = Math.floor(msOfDay / 1000);
  return flat(
    `${year}-${twoDigits[month]}-${twoDigits[day]}T${twoDigits[Math.floor(seconds / 3600)]}:${twoDigits[Math.floor(seconds / 60) % 60]}:` +
      `${twoDigits[seconds % 60]}.${threeDigits[msOfDay % 1000]}${offset === 120 ? '+02:00' : '+01:00'}`,
  );
}

/** `now` shifted by a (possibly fractional, possibly negative) number of days. */
export function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + Math.round(days * dayMs));
}
