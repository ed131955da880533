import { parseCrontab } from './report-validation';

/**
 * Due-time computation, kept pure so it is tested with fixed clocks. A report's slots are the instants its
 * crontab fires in its timezone (croner handles DST: a wall-clock time skipped by the spring change fires
 * once, at the next existing minute; a time repeated in autumn fires once).
 */

/** How far back a missed slot is still sent: a leader down for a while catches up once, not forever. */
export const CATCH_UP_MS = 60 * 60 * 1000;

export interface DueInput {
  crontab: string;
  timezone: string;
  /** The last slot already run (report_schedule.last_eval_dttm), else when the report was created. */
  since: Date;
  now: Date;
  catchUpMs?: number;
}

/**
 * The latest slot in (since, now], or null when none is due. Several missed slots collapse into the latest
 * one, so a report runs at most once per tick and never twice for the same slot.
 *
 * @example
 * dueSlot({ crontab: '0 9 * * *', timezone: 'Europe/Paris', since, now }); // 2025-01-02T08:00:00Z or null
 */
export function dueSlot(input: DueInput): Date | null {
  const floor = new Date(Math.max(input.since.getTime(), input.now.getTime() - (input.catchUpMs ?? CATCH_UP_MS)));
  const cron = parseCrontab(input.crontab, input.timezone);
  let slot: Date | null = null;
  let next = cron.nextRun(floor);
  // Bounded: an every-minute crontab has at most 60 slots in the catch-up hour.
  for (let i = 0; next && next.getTime() <= input.now.getTime() && i < 10_000; i++) {
    slot = next;
    next = cron.nextRun(next);
  }
  return slot;
}

/** The next slots after `from`, for previews (the UI's "next runs") and tests. */
export function nextSlots(crontab: string, timezone: string, from: Date, count: number): Date[] {
  return parseCrontab(crontab, timezone).nextRuns(count, from);
}
