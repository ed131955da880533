/**
 * Annotation start and end times. The incumbent's schema reads them with marshmallow's DateTime (ISO 8601:
 * a date and a time, `T` or a space between, optional seconds, fraction and zone) and answers them as Python's
 * naive isoformat (`2024-03-01T09:30:00`, no zone). Lumen stores them as every timestamp of the store: UTC
 * ISO text (`toISOString`), so a time without zone is read as UTC and one with a zone is converted to UTC.
 */
const ISO_DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6})\d*)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

export const NOT_A_DATETIME = 'Not a valid datetime.';

/** The stored form of a sent date-time, or null when it is not one (a date alone, 31 February, text). */
export function parseAnnotationDatetime(text: string): string | null {
  const m = ISO_DATETIME.exec(text.trim());
  if (!m) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone] = m;
  const parts = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], millis);
  const date = new Date(utc);
  // Date.UTC rolls 31 February over to March: a rolled-over field is not a date.
  if (date.getUTCFullYear() !== parts[0] || date.getUTCMonth() !== parts[1] - 1 || date.getUTCDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  return new Date(utc - zoneOffsetMinutes(zone) * 60_000).toISOString();
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/** The answered form of a stored time: `2024-03-01T09:30:00`, `.123000` added when it has milliseconds. */
export function formatAnnotationDatetime(stored: unknown): string | null {
  if (typeof stored !== 'string' || stored === '') return null;
  const [whole, fraction = '000'] = stored.replace(/Z$/, '').split('.');
  return fraction === '000' ? whole! : `${whole}.${fraction.padEnd(6, '0')}`;
}

/** Epoch milliseconds of a stored time, as chart data answers temporal values; null when there is none. */
export function annotationEpochMs(stored: unknown): number | null {
  if (typeof stored !== 'string' || stored === '') return null;
  const ms = Date.parse(stored);
  return Number.isNaN(ms) ? null : ms;
}
