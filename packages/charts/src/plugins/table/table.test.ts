import { describe, expect, it } from 'vitest';
import type { ChartDataResponseResult } from '@lumen-bi/core';
import { RENDERED_EVENT } from '../../shared/mount';
import { tablePlugin } from './index';
import { cellBackground } from './conditional-formatting';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const raw = { datasource: '22__table', viz_type: 'table', query_mode: 'raw' as const, all_columns: ['order_date', 'product_line', 'sales'], order_by_cols: [], row_limit: 1000, server_page_length: 10, order_desc: true, table_timestamp_format: 'smart_date' };

describe('table buildQuery', () => {
  it('raw mode: columns only; server pagination adds a row-count query', () => {
    const qs = tablePlugin.buildQuery({ ...raw, server_pagination: true }).queries;
    expect(qs.map((q) => [q.columns, q.metrics, q.row_limit, q.row_offset, q.is_rowcount])).toEqual([
      [['order_date', 'product_line', 'sales'], undefined, 10, 0, undefined],
      [['order_date', 'product_line', 'sales'], undefined, 0, 0, true],
    ]);
  });
  it('aggregate mode: percent metrics contribution and totals query', () => {
    const qs = tablePlugin.buildQuery({ datasource: '1__table', viz_type: 'table', query_mode: 'aggregate', groupby: ['g'], metrics: ['count'], percent_metrics: ['sum__num'], show_totals: true, all_columns: ['ignored'] }).queries;
    expect(qs[0].columns).toEqual(['g']);
    expect(qs[0].metrics).toEqual(['count', 'sum__num']);
    expect(qs[0].orderby).toEqual([['count', false]]);
    expect(qs[0].post_processing).toEqual([{ operation: 'contribution', options: { columns: ['sum__num'], rename_columns: ['%sum__num'] } }]);
    expect(qs[1]).toMatchObject({ columns: [], row_limit: 0, post_processing: [] });
    expect(qs[1].orderby).toBeUndefined();
  });
});

describe('table transformProps and render', () => {
  const n = 100000;
  const data = Array.from({ length: n }, (_, i) => ({ product_line: i % 2 ? 'Ships' : 'Trains', sales: i }));
  const result: ChartDataResponseResult = { ...meta, colnames: ['product_line', 'sales'], coltypes: [1, 0], data, rowcount: n };
  const props = tablePlugin.transformProps({ formData: { ...raw, all_columns: ['product_line', 'sales'], include_search: true }, queriesData: [result], width: 600, height: 400 });
  it('types columns and gates', () => {
    expect(props.columns.map((c) => [c.key, c.kind, c.isMetric])).toEqual([['product_line', 'string', false], ['sales', 'numeric', false]]);
    expect(props.gate.rowState).toBe('ok');
    expect(props.rowHeight).toBe(39);
  });
  it('virtualises: a few dozen rows for 100k, aria-sort cycles', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const rendered = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    const chart = tablePlugin.render(el, props);
    await rendered;
    expect(el.querySelector('table')).not.toBeNull();
    expect(el.querySelectorAll('tbody tr').length).toBeLessThan(60);
    const th = () => el.querySelectorAll('th')[1];
    expect(th().getAttribute('aria-sort')).toBe('none');
    th().querySelector('button')!.click();
    expect(th().getAttribute('aria-sort')).toBe('ascending');
    th().querySelector('button')!.click();
    expect(th().getAttribute('aria-sort')).toBe('descending');
    // A raw-mode number shows as stored, as the incumbent shows it (not SMART_NUMBER's '100k').
    expect(el.querySelector('tbody tr[aria-rowindex] td:nth-child(2)')!.textContent).toBe('99999');
    th().querySelector('button')!.click();
    expect(th().getAttribute('aria-sort')).toBe('none');
    chart.destroy();
    expect(el.children.length).toBe(0);
  });
  it('conditional formatting', () => {
    expect(cellBackground([{ column: 'sales', operator: '>', targetValue: 100, colorScheme: '#ACE1C4' }], 'sales', 150, [0, 200])).toBe('rgba(172,225,196,0.525)');
    expect(cellBackground([{ column: 'sales', operator: '>', targetValue: 100 }], 'sales', 50, [0, 200])).toBeUndefined();
    // The incumbent's between forms differ only at the bounds.
    const between = (operator: '< x <' | '≤ x ≤' | '≤ x <' | '< x ≤', v: number) => cellBackground([{ column: 'sales', operator, targetValueLeft: 10, targetValueRight: 20, colorScheme: '#ACE1C4' }], 'sales', v, [0, 200]) !== undefined;
    expect([10, 15, 20].map((v) => between('< x <', v))).toEqual([false, true, false]);
    expect([10, 15, 20].map((v) => between('≤ x ≤', v))).toEqual([true, true, true]);
    expect([10, 20].map((v) => between('≤ x <', v))).toEqual([true, false]);
    expect([10, 20].map((v) => between('< x ≤', v))).toEqual([false, true]);
  });
});
