import { timeFormat, utcFormat } from 'd3-time-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { strftime } from './strftime';

/** Every directive d3-time-format formats, each bare and with each padding modifier. */
const DIRECTIVES = 'aAbBcdefgGHIjLmMpqQsSuUVwWxXyYZ%';
const SPECIFIERS = [...DIRECTIVES].flatMap((d) => [`%${d}`, `%-${d}`, `%_${d}`, `%0${d}`]);

/**
 * Dates that exercise the week and year edges (ISO weeks 52/53 and week 1 of the next year, leap days,
 * years before 100 and after 9999), DST changes, and a spread of ordinary instants.
 */
function sampleDates(): Date[] {
  const dates: Date[] = [];
  for (let year = 1995; year <= 2030; year++) {
    for (const [month, day] of [[0, 1], [0, 2], [0, 3], [0, 4], [0, 7], [1, 29], [2, 10], [2, 31], [9, 29], [10, 3], [11, 28], [11, 29], [11, 30], [11, 31]]) {
      dates.push(new Date(Date.UTC(year, month, day, 0, 0, 0)), new Date(Date.UTC(year, month, day, 23, 59, 59, 999)));
    }
  }
  // Deterministic pseudo-random instants between 1900 and 2100 (a linear congruential generator).
  let seed = 42;
  for (let i = 0; i < 400; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    dates.push(new Date(Date.UTC(1900, 0, 1) + (seed / 2 ** 31) * 200 * 365.25 * 86_400_000));
  }
  const early = new Date(0);
  early.setUTCFullYear(42, 5, 15);
  const late = new Date(0);
  late.setUTCFullYear(12_345, 0, 1);
  dates.push(early, late, new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 1)));
  return dates;
}

const DATES = sampleDates();

function expectSameAsD3(utc: boolean) {
  const d3 = utc ? utcFormat : timeFormat;
  const mismatches: string[] = [];
  for (const specifier of [...SPECIFIERS, '%Y-%m-%d %H:%M:%S', '%a %d %b %Y, Q%q', '%%Y %k %', '%-', 'week %V of %G']) {
    const ours = strftime(specifier, utc);
    const theirs = d3(specifier);
    for (const date of DATES) if (ours(date) !== theirs(date)) mismatches.push(`${specifier} at ${date.toISOString()}: ${ours(date)} vs d3 ${theirs(date)}`);
  }
  expect(mismatches).toEqual([]);
}

describe('strftime matches d3-time-format', () => {
  it('in UTC, for every directive and padding modifier', () => expectSameAsD3(true));

  describe('in local time, in a zone with DST', () => {
    // Node reads TZ again when it changes; New York has DST changes and a negative offset.
    beforeAll(() => {
      vi.stubEnv('TZ', 'America/New_York');
    });
    afterAll(() => {
      vi.unstubAllEnvs();
    });

    it('for every directive and padding modifier', () => {
      expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).toBe(300);
      expectSameAsD3(false);
    });
  });

  it('formats the specifiers Lumen offers as expected', () => {
    const date = new Date(Date.UTC(2024, 0, 31, 13, 5, 9, 7));
    expect(strftime('%Y-%m-%d %H:%M:%S.%L', true)(date)).toBe('2024-01-31 13:05:09.007');
    expect(strftime('%b %Y', true)(date)).toBe('Jan 2024');
    expect(strftime('%-d/%-m/%y %I %p', true)(date)).toBe('31/1/24 01 PM');
  });
});
