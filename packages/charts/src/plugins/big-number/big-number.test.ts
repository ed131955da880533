import { describe, expect, it } from 'vitest';
import { RENDERED_EVENT } from '../../shared/mount';
import { bigNumberPlugin, bigNumberTotalPlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const fd = { datasource: '22__table', viz_type: 'big_number', x_axis: 'order_date', time_grain_sqla: 'P1M', metric: 'count', show_trend_line: true, y_axis_format: 'SMART_NUMBER', time_format: 'smart_date', rolling_type: 'cumsum', compare_lag: 1, compare_suffix: 'over last period' };

describe('big number', () => {
  it('buildQuery matches the incumbent (pivot, cum, flatten)', () => {
    const q = bigNumberPlugin.buildQuery(fd).queries[0];
    expect(q.columns).toEqual([{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }]);
    expect(q.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'cum', 'flatten']);
  });
  it('transformProps: latest value and change versus compare_lag', () => {
    const data = [{ order_date: Date.UTC(2003, 1, 1), count: 120 }, { order_date: Date.UTC(2003, 0, 1), count: 100 }];
    const p = bigNumberPlugin.transformProps({ formData: fd, queriesData: [{ ...meta, colnames: ['order_date', 'count'], data }], width: 300, height: 200 });
    expect([p.value, p.formattedValue, p.percentChange, p.subheader]).toEqual([120, '120', 0.2, '+20.0% over last period']);
    expect(p.trendline?.[1]).toEqual([100, 120]);
  });
  it('big_number_total renders a DOM header', async () => {
    const p = bigNumberTotalPlugin.transformProps({ formData: { datasource: '1__table', viz_type: 'big_number_total', metric: 'count', subheader: 'orders' }, queriesData: [{ ...meta, data: [{ count: 1234 }] }], width: 300, height: 200 });
    const el = document.createElement('div');
    const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    bigNumberTotalPlugin.render(el, p);
    await done;
    expect(el.querySelector('.bi-big-number-header')?.textContent).toBe('1.23k');
    expect(el.querySelector('[role=figure]')?.getAttribute('aria-label')).toBe('count: 1.23k');
  });
});
