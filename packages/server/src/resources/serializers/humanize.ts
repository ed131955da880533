/**
 * "3 days ago", as the incumbent's changed_on_delta_humanized (Python humanize.naturaltime).
 *
 * @example
 * humanizeDelta('2024-01-01T00:00:00.000Z', new Date('2024-01-04T00:00:00Z')); // '3 days ago'
 */
export function humanizeDelta(iso: string | null | undefined, now: Date = new Date()): string | null {
  if (!iso) return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const seconds = Math.round((now.getTime() - then) / 1000);
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const unit = (n: number, word: string) => (n === 1 ? (word === 'hour' ? 'an hour' : `a ${word}`) : `${n} ${word}s`);
  let text: string;
  if (s < 1) return 'now';
  if (s < 60) text = s === 1 ? 'a second' : `${s} seconds`;
  else if (s < 3600) text = unit(Math.floor(s / 60), 'minute');
  else if (s < 86400) text = unit(Math.floor(s / 3600), 'hour');
  else if (s < 86400 * 30) text = unit(Math.floor(s / 86400), 'day');
  else if (s < 86400 * 365) text = unit(Math.max(1, Math.floor(s / (86400 * 30.5))), 'month');
  else {
    const years = Math.floor(s / (86400 * 365));
    const months = Math.floor((s - years * 86400 * 365) / (86400 * 30.5));
    text = years === 1 && months > 0 ? `1 year, ${unit(months, 'month')}` : unit(years, 'year');
  }
  return future ? `${text} from now` : `${text} ago`;
}
