import { useI18n } from 'vue-i18n';

/** Formats ISO datetimes for display in the interface language ('' for none or an unreadable one). */
export function useDateTime() {
  const { d } = useI18n();
  function formatDateTime(iso: string | null | undefined): string {
    if (!iso) return '';
    const time = Date.parse(iso);
    if (Number.isNaN(time)) return iso;
    return d(time, 'dateTime');
  }
  return { formatDateTime };
}
