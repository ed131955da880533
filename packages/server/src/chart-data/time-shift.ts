import { badRequest } from '../errors';
import { addUnits, parseUnit } from './date-math';
import type { TimeInterval } from './time-range';

/** Parses '1 year ago', '28 days ago', '52 weeks ago' (spec 1 §9 choices and any 'N unit(s) ago'). */
export function parseTimeOffset(offset: string): { amount: number; unit: NonNullable<ReturnType<typeof parseUnit>> } {
  const match = /^\s*(\d+)\s+([a-z]+)\s+ago\s*$/i.exec(offset);
  const unit = match ? parseUnit(match[2]) : null;
  if (!match || !unit) throw badRequest(`Invalid time offset '${offset}': expected 'N units ago', e.g. '1 year ago'`);
  return { amount: Number(match[1]), unit };
}

/** The same window moved back by the offset: the comparison period of a time-shifted series. */
export function shiftInterval(interval: TimeInterval, offset: string): TimeInterval {
  const { amount, unit } = parseTimeOffset(offset);
  return {
    since: interval.since ? addUnits(interval.since, -amount, unit) : null,
    until: interval.until ? addUnits(interval.until, -amount, unit) : null,
  };
}
