import { describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { resolveTimeRange } from './time-range';

// Wednesday 2024-03-13 15:30:00 UTC
const NOW = new Date('2024-03-13T15:30:00Z');
const iso = (range: string) => {
  const { since, until } = resolveTimeRange(range, NOW);
  return [since?.toISOString() ?? null, until?.toISOString() ?? null];
};

describe('resolveTimeRange', () => {
  it('treats No filter and empty as unbounded', () => {
    expect(iso('No filter')).toEqual([null, null]);
    expect(resolveTimeRange(undefined, NOW)).toEqual({ since: null, until: null });
    expect(iso(' : ')).toEqual([null, null]);
  });

  it('resolves Last ranges ending today', () => {
    expect(iso('Last day')).toEqual(['2024-03-12T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('Last week')).toEqual(['2024-03-06T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('Last month')).toEqual(['2024-02-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('Last quarter')).toEqual(['2023-12-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('Last year')).toEqual(['2023-03-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('Last 10 days')).toEqual(['2024-03-03T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('Next 2 weeks')).toEqual(['2024-03-13T00:00:00.000Z', '2024-03-27T00:00:00.000Z']);
  });

  it('resolves previous calendar ranges (weeks start Monday)', () => {
    expect(iso('previous calendar week')).toEqual(['2024-03-04T00:00:00.000Z', '2024-03-11T00:00:00.000Z']);
    expect(iso('previous calendar month')).toEqual(['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(iso('previous calendar year')).toEqual(['2023-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z']);
  });

  it('resolves Current ranges', () => {
    expect(iso('Current day')).toEqual(['2024-03-13T00:00:00.000Z', '2024-03-14T00:00:00.000Z']);
    expect(iso('Current week')).toEqual(['2024-03-11T00:00:00.000Z', '2024-03-18T00:00:00.000Z']);
    expect(iso('Current month')).toEqual(['2024-03-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z']);
    expect(iso('Current quarter')).toEqual(['2024-01-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z']);
    expect(iso('Current year')).toEqual(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
  });

  it('resolves start : end with ISO dates, words and functions', () => {
    expect(iso('2020-01-01 : 2021-06-30T12:00:00')).toEqual(['2020-01-01T00:00:00.000Z', '2021-06-30T12:00:00.000Z']);
    expect(iso('2020-01-01 : now')).toEqual(['2020-01-01T00:00:00.000Z', '2024-03-13T15:30:00.000Z']);
    expect(iso('yesterday : today')).toEqual(['2024-03-12T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('DATEADD(DATETIME("now"), -7, day) : now')).toEqual(['2024-03-06T15:30:00.000Z', '2024-03-13T15:30:00.000Z']);
    expect(iso('DATEADD(DATETIME("2024-01-31"), 1, month) : ')).toEqual(['2024-02-29T00:00:00.000Z', null]);
    expect(iso('DATETRUNC(DATETIME("today"), year) : LASTDAY(DATETIME("today"), month)')).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-03-31T00:00:00.000Z',
    ]);
    expect(iso('7 days ago : 3 days later')).toEqual(['2024-03-06T00:00:00.000Z', '2024-03-16T00:00:00.000Z']);
    expect(iso('1 year ago : today')).toEqual(['2023-03-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(iso('last week : No filter')).toEqual(['2024-03-06T00:00:00.000Z', null]);
  });

  it('refuses bad ranges with a 400 naming the range', () => {
    for (const bad of ['Last fortnight', 'sometime', '2021-02-30 : now', 'DATEADD(now, x, day) : now', 'FOO("x") : now', '2024-01-01 : 2023-01-01', 'DATEADD(DATETIME("now"), 1, eon) : now']) {
      let error: unknown;
      try {
        resolveTimeRange(bad, NOW);
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(LumenError);
      expect((error as LumenError).statusCode).toBe(400);
      expect((error as LumenError).message).toContain(bad);
    }
    expect(() => resolveTimeRange('2024-01-01 : 2023-01-01', NOW)).toThrow(/From date cannot be larger than to date/);
  });
});
