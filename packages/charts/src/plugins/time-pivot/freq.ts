/**
 * The pivot frequency (`freq`, a pandas offset alias such as 'W-MON') as a function from an instant to the
 * start of its period, the way the incumbent rolls each timestamp back with pandas' `offset.rollback` on
 * a normalized offset.
 */

const DAY = 86_400_000;
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** The frequencies the incumbent's panel offers (freq is free-form; these and their multiples are understood). */
export const FREQUENCIES = [
  ['AS', 'Year (freq=AS)'],
  ['52W-MON', '52 weeks starting Monday (freq=52W-MON)'],
  ['W-SUN', '1 week starting Sunday (freq=W-SUN)'],
  ['W-MON', '1 week starting Monday (freq=W-MON)'],
  ['D', 'Day (freq=D)'],
  ['4W-MON', '4 weeks (freq=4W-MON)'],
] as const;

const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

/**
 * The period start of `freq` for UTC instants. Year ('AS'/'YS'), month ('MS'), weekday-anchored weeks
 * ('W-MON'...) and day ('D') aliases, with an optional multiple. As in pandas, rolling back to an anchor
 * ignores the multiple ('4W-MON' rolls back to the Monday, as 'W-MON' does). A day rolls back to its
 * midnight (pandas refuses to normalize a Day offset and leaves every instant its own period, which draws
 * each point as a separate series: the label promises days, so days it is).
 * Throws `Frequency is not valid: x` for other aliases.
 *
 * @example
 * periodStart('W-MON')(Date.UTC(2024, 2, 7)); // Date.UTC(2024, 2, 4), the Monday before
 */
export function periodStart(freq: unknown): (ms: number) => number {
  const alias = String(freq ?? '').trim().toUpperCase();
  const match = /^(\d*)(AS|YS|MS|D|W(?:-(SUN|MON|TUE|WED|THU|FRI|SAT))?)$/.exec(alias);
  if (!match || match[1] === '0') throw new Error(`Frequency is not valid: ${String(freq ?? '')}`);
  const base = match[2];
  if (base === 'AS' || base === 'YS') return (ms) => Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
  if (base === 'MS') return (ms) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
  if (base === 'D') return startOfDay;
  // 'W' alone is pandas' W-SUN.
  const weekday = WEEKDAYS.indexOf(match[3] ?? 'SUN');
  return (ms) => {
    const day = startOfDay(ms);
    const back = (new Date(day).getUTCDay() - weekday + 7) % 7;
    return day - back * DAY;
  };
}
