import { describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { assertSafeFragment } from './sql-fragment';

const errorOf = (fragment: unknown) => {
  try {
    assertSafeFragment(fragment, 'where');
  } catch (error) {
    return error as LumenError;
  }
  return null;
};

describe('assertSafeFragment', () => {
  it('accepts ordinary expressions, including dialect functions and quoted text', () => {
    for (const ok of [
      'SUM(num) / NULLIF(COUNT(*), 0)',
      "state IN ('CA', 'NY') AND gender = 'girl'",
      "name = 'O''Brien; -- not a comment'",
      'EXTRACT(YEAR FROM ds) >= 2000',
      'CASE WHEN num > 10 THEN 1 ELSE 0 END',
      'list_contains([1, 2], 2)',
      'price::DOUBLE * quantity',
      '"weird ""col"" name" > 0',
    ]) {
      expect(assertSafeFragment(ok, 'where')).toBe(ok);
    }
  });

  it('refuses sub-queries with the ad hoc subquery error type', () => {
    for (const bad of ['num > (SELECT MAX(num) FROM t)', 'x IN (select 1)', 'EXISTS (WITH a AS (SELECT 1) SELECT * FROM a)']) {
      const error = errorOf(bad);
      expect(error?.statusCode).toBe(400);
      expect(error?.errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      expect(error?.message).toBe('Custom SQL fields cannot contain sub-queries.');
    }
  });

  it('refuses statement breaks, comments, unbalanced input and dangerous functions as invalid SQL', () => {
    const cases: [string, RegExp][] = [
      ['1=1; DROP TABLE users', /second statement/],
      ['1=1 -- rest', /comments/],
      ['1=1 /* x */', /comments/],
      ['1=1) OR (1=1', /unbalanced '\)'/],
      ['(1=1', /unbalanced '\('/],
      ["name = 'open", /unterminated string/],
      ['1=1 UNION ALL x', /UNION/],
      ["read_csv('/etc/passwd') IS NOT NULL", /read_csv/],
      ['pg_sleep(10) IS NULL', /pg_sleep/],
      ['   ', /empty/],
      ['$$x$$', /dollar/],
    ];
    for (const [bad, message] of cases) {
      const error = errorOf(bad);
      expect(error?.errorType, bad).toBe('INVALID_SQL_ERROR');
      expect(error?.message, bad).toMatch(message);
    }
    expect(errorOf(42)?.message).toMatch(/expected a string/);
  });
});
