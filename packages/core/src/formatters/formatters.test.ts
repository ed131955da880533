import { describe, expect, it, vi } from 'vitest';
import { formatCurrency, getCurrencySymbol } from './currency';
import { formatDisplayValue, formatLabel } from './display-labels';
import { formatDuration, formatDurationSub } from './duration';
import { formatMemory } from './memory';
import { createNumberFormatter, createNumberFormatterRegistry } from './number-format';
import { formatSmartNumber } from './smart-number';
import { createTimeFormatter, getTimeFormatterForGranularity } from './time-format';
import { DATE_FORMAT_OPTIONS, NUMBER_FORMAT_OPTIONS } from '../constants';

describe('number formats', () => {
  it.each([
    [',d', 1234567, '1,234,567'],
    ['.1s', 1234567, '1M'],
    ['.3s', 1234567, '1.23M'],
    [',.1%', 0.12345, '12.3%'],
    ['.2%', 0.12345, '12.35%'],
    ['.3%', 0.12345, '12.345%'],
    ['.4r', 1234.5678, '1235'],
    [',.1f', 1234.56, '1,234.6'],
    [',.2f', 1234.567, '1,234.57'],
    [',.3f', 1234.5678, '1,234.568'],
    ['+,', 1234, '+1,234'],
    ['$,.2f', 1234.5, '$1,234.50'],
  ])('%s formats %d as %s', (format, value, expected) => {
    expect(createNumberFormatter(format).format(value)).toBe(expected);
  });

  it('covers every offered format', () => {
    for (const format of NUMBER_FORMAT_OPTIONS) expect(createNumberFormatter(format).isInvalid).toBe(false);
  });

  it.each([
    [0, '0'],
    [1234567, '1.23M'],
    [3e9, '3B'],
    [-1500, '−1.5k'], // d3-format writes U+2212 minus
    [12.345, '12.35'],
    [1, '1'],
    [0.01234, '0.0123'],
    [0.00012345, '123µ'],
  ])('SMART_NUMBER formats %d as %s', (value, expected) => {
    expect(formatSmartNumber(value)).toBe(expected);
    expect(createNumberFormatter(undefined).format(value)).toBe(expected);
  });

  it('shows null as N/A and infinities as symbols', () => {
    const f = createNumberFormatter(',d');
    expect([f.format(null), f.format(undefined), f.format(Number.NaN), f.format(Infinity), f.format(-Infinity)]).toEqual([
      'N/A',
      'N/A',
      'N/A',
      '∞',
      '-∞',
    ]);
  });

  it('falls back to SMART_NUMBER on an invalid format and reports it once', () => {
    const report = vi.fn();
    const registry = createNumberFormatterRegistry({ onInvalidFormat: report });
    expect(registry.format('%%bogus', 1500)).toBe('1.5k');
    expect(registry.format('%%bogus', 2500)).toBe('2.5k');
    expect(registry.get('%%bogus').isInvalid).toBe(true);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][0]).toBe('%%bogus');
  });

  it('lets a registry register custom formats', () => {
    const registry = createNumberFormatterRegistry();
    registry.register('KM', (v) => `${v / 1000} km`);
    expect(registry.format('KM', 2500)).toBe('2.5 km');
  });
});

describe('durations and memory', () => {
  it.each([
    [0, '0ms'],
    [250, '250ms'],
    [1500, '1.5s'],
    [61500, '1m 1.5s'],
    [3723000, '1h 2m 3s'],
    [90061000, '1d 1h 1m 1s'],
    [-2000, '-2s'],
  ])('DURATION %d -> %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
    expect(createNumberFormatter('DURATION').format(ms)).toBe(expected);
  });

  it('DURATION_SUB keeps sub-millisecond parts', () => {
    expect(formatDurationSub(1.5)).toBe('1ms 500µs');
    expect(formatDurationSub(0.25)).toBe('250µs');
    expect(formatDurationSub(0.0005)).toBe('500ns');
    expect(formatDurationSub(2001.001)).toBe('2s 1ms 1µs');
    expect(createNumberFormatter('DURATION_SUB').format(0.001)).toBe('1µs');
  });

  it('formats bytes with decimal and binary units', () => {
    expect(formatMemory(512)).toBe('512 B');
    expect(formatMemory(1500)).toBe('1.5 kB');
    expect(formatMemory(1536, { binary: true })).toBe('1.5 KiB');
    expect(formatMemory(5 * 1024 ** 3, { binary: true })).toBe('5 GiB');
    expect(formatMemory(-2_000_000)).toBe('-2 MB');
    expect(formatMemory(1000, { transfer: true })).toBe('1 kB/s');
    expect(createNumberFormatter('MEMORY_DECIMAL').format(1234567)).toBe('1.23 MB');
    expect(createNumberFormatter('MEMORY_BINARY').format(1048576)).toBe('1 MiB');
  });
});

describe('currency', () => {
  it('resolves ISO codes and places the symbol', () => {
    expect(getCurrencySymbol({ symbol: 'USD' })).toBe('$');
    expect(getCurrencySymbol({ symbol: '¤' })).toBe('¤');
    expect(formatCurrency(1234.5, { symbol: 'USD', symbolPosition: 'prefix' })).toBe('$ 1,234.50');
    expect(formatCurrency(1234.5, { symbol: 'EUR', symbolPosition: 'suffix' }, '$,.0f')).toBe('1,235 €');
  });
});

describe('time formats', () => {
  const t = Date.UTC(2024, 0, 31, 13, 5, 9);

  it.each([
    ['%d/%m/%Y', '31/01/2024'],
    ['%m/%d/%Y', '01/31/2024'],
    ['%d.%m.%Y', '31.01.2024'],
    ['%Y-%m-%d', '2024-01-31'],
    ['%Y-%m-%d %H:%M:%S', '2024-01-31 13:05:09'],
    ['%d-%m-%Y %H:%M:%S', '31-01-2024 13:05:09'],
    ['%H:%M:%S', '13:05:09'],
  ])('%s', (format, expected) => {
    expect(DATE_FORMAT_OPTIONS).toContain(format);
    expect(createTimeFormatter(format).format(t)).toBe(expected);
    expect(createTimeFormatter(format).format(new Date(t))).toBe(expected);
    expect(createTimeFormatter(format).format(new Date(t).toISOString())).toBe(expected);
  });

  it.each([
    [Date.UTC(2024, 0, 1), '2024'],
    [Date.UTC(2024, 2, 1), 'March'],
    [Date.UTC(2024, 2, 3), 'Mar 03'],
    [Date.UTC(2024, 2, 5), 'Tue 05'],
    [Date.UTC(2024, 2, 5, 14), '02 PM'],
    [Date.UTC(2024, 2, 5, 14, 30), '02:30'],
    [Date.UTC(2024, 2, 5, 14, 30, 15), ':15s'],
    [Date.UTC(2024, 2, 5, 14, 30, 15, 250), '.250ms'],
  ])('smart_date adapts to %d', (value, expected) => {
    expect(createTimeFormatter('smart_date').format(value)).toBe(expected);
    expect(createTimeFormatter().format(value)).toBe(expected);
  });

  it('picks formats by granularity', () => {
    expect(getTimeFormatterForGranularity('P1Y').format(Date.UTC(2024, 0, 1))).toBe('2024');
    expect(getTimeFormatterForGranularity('P1M').format(Date.UTC(2024, 4, 1))).toBe('May 2024');
    expect(getTimeFormatterForGranularity('P3M').format(Date.UTC(2024, 3, 1))).toBe('2024 Q2');
    expect(getTimeFormatterForGranularity('P1D').format(t)).toBe('2024-01-31');
    expect(getTimeFormatterForGranularity('PT1H').format(t)).toBe('2024-01-31 13:00');
    expect(getTimeFormatterForGranularity(undefined).format(Date.UTC(2024, 0, 1))).toBe('2024');
  });

  it('shows null as N/A and unparseable input as received', () => {
    expect(createTimeFormatter('%Y').format(null)).toBe('N/A');
    expect(createTimeFormatter('%Y').format('not a date')).toBe('not a date');
  });
});

describe('display labels', () => {
  it('labels empty, null and booleans', () => {
    expect([formatLabel(''), formatLabel(null), formatLabel(undefined), formatLabel(true), formatLabel(false), formatLabel(3)]).toEqual([
      '<empty string>',
      '<NULL>',
      '<NULL>',
      'TRUE',
      'FALSE',
      '3',
    ]);
  });

  it('displays null as N/A and booleans as True/False', () => {
    expect([formatDisplayValue(null), formatDisplayValue(true), formatDisplayValue(false), formatDisplayValue('')]).toEqual([
      'N/A',
      'True',
      'False',
      '',
    ]);
  });
});
