import { useI18n } from 'vue-i18n';

/** Formats ISO datetimes for display in the interface language ('' for none or an unreadable one). */
export function useDateTime() {
  const { locale } = useI18n();
  function formatDateTime(iso: string | null | undefined): string {
    if (!iso) return '';
    const time = Date.parse(iso);
    if (Number.isNaN(time)) return iso;
    return new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
  }
  return { formatDateTime };
}
