import { describe, expect, it } from 'vitest';
import { humanizeCrontab } from './crontab-text';
import { dueSlot, nextSlots } from './schedule';

const at = (iso: string) => new Date(iso);

describe('dueSlot', () => {
  it('is due once the crontab fires in the report timezone, not before', () => {
    // 09:00 in Paris in winter is 08:00 UTC.
    const since = at('2025-01-06T07:00:00Z');
    expect(dueSlot({ crontab: '0 9 * * *', timezone: 'Europe/Paris', since, now: at('2025-01-06T07:59:59Z') })).toBeNull();
    expect(dueSlot({ crontab: '0 9 * * *', timezone: 'Europe/Paris', since, now: at('2025-01-06T08:00:20Z') })?.toISOString()).toBe('2025-01-06T08:00:00.000Z');
  });

  it('does not run a slot twice: since is the last evaluated slot', () => {
    const slot = at('2025-01-06T08:00:00Z');
    expect(dueSlot({ crontab: '0 9 * * *', timezone: 'Europe/Paris', since: slot, now: at('2025-01-06T08:00:50Z') })).toBeNull();
  });

  it('collapses several missed slots into the latest, within the catch-up window', () => {
    const due = dueSlot({ crontab: '*/5 * * * *', timezone: 'UTC', since: at('2025-01-06T10:00:00Z'), now: at('2025-01-06T10:17:00Z') });
    expect(due?.toISOString()).toBe('2025-01-06T10:15:00.000Z');
    // A report reactivated after days only catches up the last hour's slots.
    expect(dueSlot({ crontab: '0 9 * * *', timezone: 'UTC', since: at('2025-01-01T00:00:00Z'), now: at('2025-01-06T12:00:00Z') })).toBeNull();
  });

  it('follows the DST change: 09:00 New York is 14:00 UTC before and 13:00 UTC after', () => {
    expect(nextSlots('0 9 * * *', 'America/New_York', at('2025-03-08T00:00:00Z'), 3).map((d) => d.toISOString())).toEqual([
      '2025-03-08T14:00:00.000Z',
      '2025-03-09T13:00:00.000Z',
      '2025-03-10T13:00:00.000Z',
    ]);
    const since = at('2025-03-09T12:00:00Z');
    expect(dueSlot({ crontab: '0 9 * * *', timezone: 'America/New_York', since, now: at('2025-03-09T13:00:30Z') })?.toISOString()).toBe('2025-03-09T13:00:00.000Z');
  });

  it('runs a wall-clock time skipped by the spring change exactly once that day', () => {
    // 02:30 does not exist in Paris on 2025-03-30 (02:00 -> 03:00).
    const slots = nextSlots('30 2 * * *', 'Europe/Paris', at('2025-03-29T12:00:00Z'), 2).map((d) => d.toISOString());
    expect(slots[0].startsWith('2025-03-30T')).toBe(true);
    expect(slots[1]).toBe('2025-03-31T00:30:00.000Z');
  });

  it('runs a wall-clock time repeated by the autumn change once', () => {
    // 02:30 happens twice in Paris on 2025-10-26.
    const slots = nextSlots('30 2 * * *', 'Europe/Paris', at('2025-10-25T12:00:00Z'), 2).map((d) => d.toISOString());
    expect(slots[0].startsWith('2025-10-26T0')).toBe(true);
    expect(slots[1]).toBe('2025-10-27T01:30:00.000Z');
  });
});

describe('humanizeCrontab', () => {
  it('reads common patterns', () => {
    expect(humanizeCrontab('0 9 * * 1')).toBe('At 09:00 AM, only on Monday');
    expect(humanizeCrontab('30 17 * * 1-5')).toBe('At 05:30 PM, Monday through Friday');
    expect(humanizeCrontab('*/15 * * * *')).toBe('Every 15 minutes');
    expect(humanizeCrontab('0 0 1 * *')).toBe('At 12:00 AM, on day 1 of the month');
    expect(humanizeCrontab('5 4 * 2 *')).toBe('5 4 * 2 *');
  });
});
