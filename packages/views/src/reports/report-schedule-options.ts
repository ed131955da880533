/** Schedule choices of the report dialog: a few crontab presets and the runtime's IANA time zones. */
export const CRON_PRESETS: readonly { label: string; crontab: string }[] = [
  { label: 'Every hour', crontab: '0 * * * *' },
  { label: 'Every day at 09:00', crontab: '0 9 * * *' },
  { label: 'Every weekday at 09:00', crontab: '0 9 * * 1-5' },
  { label: 'Every Monday at 09:00', crontab: '0 9 * * 1' },
  { label: 'First day of the month at 09:00', crontab: '0 9 1 * *' },
];

export const DEFAULT_CRONTAB = '0 9 * * 1';

/** Five whitespace-separated fields of allowed characters: a quick check before the server's full one. */
export function looksLikeCrontab(text: string): boolean {
  const parts = text.trim().split(/\s+/);
  return parts.length === 5 && parts.every((p) => /^[\d*,/\-A-Za-z?LW#]+$/.test(p));
}

const FALLBACK_ZONES = ['UTC', 'Europe/London', 'Europe/Paris', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];

/** Intl.supportedValuesOf('timeZone') with UTC first (older runtimes get a short list). */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : FALLBACK_ZONES;
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The browser's own zone, the dialog's default. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
