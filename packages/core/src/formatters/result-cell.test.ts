import { describe, expect, it } from 'vitest';
import { formatPlainNumber, formatResultCell, GENERIC_DATA_TYPE } from './result-cell';

describe('result cells', () => {
  it('shows temporal epoch milliseconds as dates in UTC, with the time only when there is one', () => {
    expect(formatResultCell(Date.UTC(2024, 2, 1), GENERIC_DATA_TYPE.TEMPORAL)).toBe('2024-03-01');
    expect(formatResultCell(Date.UTC(2024, 2, 1, 13, 5, 9), GENERIC_DATA_TYPE.TEMPORAL)).toBe('2024-03-01 13:05:09');
    expect(formatResultCell('2024-03-01T00:00:00', GENERIC_DATA_TYPE.TEMPORAL)).toBe('2024-03-01T00:00:00');
    expect(formatResultCell(Date.UTC(1950, 0, 1), GENERIC_DATA_TYPE.TEMPORAL)).toBe('1950-01-01');
    // A year (or epoch seconds) kept in a temporal column shows as stored.
    expect(formatResultCell(2006, GENERIC_DATA_TYPE.TEMPORAL)).toBe('2006');
  });

  it('drops floating-point noise and keeps integers and years as they are', () => {
    expect(formatPlainNumber(3633975.039999998)).toBe('3633975.04');
    expect(formatPlainNumber(2065.1000000000004)).toBe('2065.1');
    expect(formatPlainNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatPlainNumber(1e-7)).toBe('1e-7');
    expect(formatResultCell(2006, GENERIC_DATA_TYPE.NUMERIC)).toBe('2006');
    expect(formatResultCell(12345678901234, GENERIC_DATA_TYPE.NUMERIC)).toBe('12345678901234');
  });

  it('keeps the display labels of null and booleans', () => {
    expect(formatResultCell(null, GENERIC_DATA_TYPE.STRING)).toBe('N/A');
    expect(formatResultCell(true)).toBe('True');
    expect(formatResultCell('text', GENERIC_DATA_TYPE.STRING)).toBe('text');
  });
});
