import { describe, expect, it } from 'vitest';
import { withLazyRecords } from './columnar-result';
import type { ChartDataResponseResult } from './query-types';

const meta = { is_cached: false, cached_dttm: null, cache_key: null, query: '' };

describe('withLazyRecords', () => {
  it('keeps the columns as sent and builds records only when data is read', () => {
    const xs = [1, 2, 3];
    const r = withLazyRecords<ChartDataResponseResult>({ ...meta, colnames: ['x', 'y'], columns: [xs, ['a', 'b', null]] });
    expect(r.columns?.[0]).toBe(xs);
    expect(Object.getOwnPropertyDescriptor(r, 'data')?.get).toBeTypeOf('function');
    expect(r.data).toEqual([{ x: 1, y: 'a' }, { x: 2, y: 'b' }, { x: 3, y: null }]);
    expect({ ...r }).not.toHaveProperty('columns');
    expect(JSON.parse(JSON.stringify(r))).toEqual({ ...meta, colnames: ['x', 'y'], data: r.data });
  });

  it('lets a consumer replace data and leaves records results alone', () => {
    const r = withLazyRecords<ChartDataResponseResult>({ ...meta, colnames: ['x'], columns: [[1]] });
    r.data = [{ x: 5 }];
    expect(r.data).toEqual([{ x: 5 }]);
    const records = { ...meta, colnames: ['x'], data: [{ x: 1 }] };
    expect(withLazyRecords(records)).toBe(records);
    expect(Object.getOwnPropertyDescriptor(records, 'data')?.value).toEqual([{ x: 1 }]);
  });

  it('refuses columns that do not match the colnames', () => {
    expect(() => withLazyRecords<ChartDataResponseResult>({ ...meta, colnames: ['x'], columns: [[1], [2]] })).toThrow('Columnar chart-data result has 2 columns but 1 colnames');
  });
});
