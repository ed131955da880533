/**
 * Calendar arithmetic of the heatmap, in UTC like every Lumen time axis: period starts, the domains a time
 * range covers, and where a cell sits in its domain's grid (cal-heatmap's layouts: days in week columns
 * starting on Monday, hours in columns of six, minutes in columns of ten).
 */
import type { CalDomain, CalSubdomain } from './types';

type Unit = CalDomain | CalSubdomain;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The start of the period of `unit` holding `t` (weeks start on Monday).
 *
 * @example
 * periodStart('month', Date.UTC(2024, 4, 17, 9)); // Date.UTC(2024, 4, 1)
 */
export function periodStart(unit: Unit, t: number): number {
  const d = new Date(t);
  switch (unit) {
    case 'min': return t - (((t % MINUTE) + MINUTE) % MINUTE);
    case 'hour': return t - (((t % HOUR) + HOUR) % HOUR);
    case 'day': return t - (((t % DAY) + DAY) % DAY);
    case 'week': return periodStart('day', t) - ((d.getUTCDay() + 6) % 7) * DAY;
    case 'month': return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    default: return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

/**
 * The start of the period `n` periods of `unit` after the one starting at `t`.
 *
 * @example
 * nextPeriod('month', Date.UTC(2024, 11, 1)); // Date.UTC(2025, 0, 1)
 */
export function nextPeriod(unit: Unit, t: number, n = 1): number {
  const d = new Date(t);
  const fixed: Partial<Record<Unit, number>> = { min: MINUTE, hour: HOUR, day: DAY, week: 7 * DAY };
  if (fixed[unit]) return t + n * fixed[unit]!;
  if (unit === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  return Date.UTC(d.getUTCFullYear() + n, 0, 1);
}

/**
 * The domain starts from the one holding `start` to the one holding `end`.
 *
 * @example
 * domainStarts('month', Date.UTC(2024, 0, 20), Date.UTC(2024, 2, 2)).length; // 3
 */
export function domainStarts(domain: CalDomain, start: number, end: number, limit: number): number[] {
  const out: number[] = [];
  for (let t = periodStart(domain, start); t <= end && out.length < limit; t = nextPeriod(domain, t)) out.push(t);
  return out;
}

/**
 * The cell starts of a domain: every subdomain period that begins in it (for weeks, also the one
 * the domain starts in).
 */
export function cellStarts(domain: CalDomain, subdomain: CalSubdomain, domainStart: number): number[] {
  const end = nextPeriod(domain, domainStart);
  const out: number[] = [];
  for (let t = periodStart(subdomain, domainStart); t < end; t = nextPeriod(subdomain, t)) out.push(t);
  return out;
}

/**
 * Column and row of the cell starting at `t` in the domain starting at `domainStart`.
 *
 * @example
 * cellPosition('month', 'day', Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 6)); // { col: 1, row: 0 } (a Monday)
 */
export function cellPosition(domain: CalDomain, subdomain: CalSubdomain, domainStart: number, t: number): { col: number; row: number } {
  const d = new Date(t);
  const since = (unit: 'hour' | 'day' | 'week', from: number) => Math.round((periodStart(unit, t) - periodStart(unit, from)) / { hour: HOUR, day: DAY, week: 7 * DAY }[unit]);
  switch (subdomain) {
    case 'day':
      return domain === 'day' ? { col: 0, row: 0 } : { col: since('week', domainStart), row: (d.getUTCDay() + 6) % 7 };
    case 'hour':
      return domain === 'day' || domain === 'hour' ? { col: Math.floor(d.getUTCHours() / 6), row: d.getUTCHours() % 6 } : { col: since('day', domainStart), row: d.getUTCHours() };
    case 'min':
      return domain === 'hour' ? { col: Math.floor(d.getUTCMinutes() / 10), row: d.getUTCMinutes() % 10 } : { col: since('hour', domainStart), row: d.getUTCMinutes() };
    case 'week':
      return { col: since('week', domainStart), row: 0 };
    default:
      return { col: (d.getUTCFullYear() - new Date(domainStart).getUTCFullYear()) * 12 + d.getUTCMonth() - new Date(domainStart).getUTCMonth(), row: 0 };
  }
}
