import { describe, expect, it } from 'vitest';
import { RENDERED_EVENT } from '../../shared/mount';
import { bigNumberPlugin, bigNumberTotalPlugin } from './index';
import { bigNumberLayout, estimateTextWidth, fitFontSize } from './layout';

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
  it('the latest time shows only with show_timestamp, and then carries its year (smart_date alone read "Mon 30")', () => {
    const data = [{ order_date: Date.UTC(2023, 0, 23), count: 1 }, { order_date: Date.UTC(2023, 0, 30), count: 2 }];
    const input = (time_format: string, extra: object = { show_timestamp: true, compare_lag: undefined }) => ({ formData: { ...fd, compare_suffix: undefined, time_format, ...extra }, queriesData: [{ ...meta, colnames: ['order_date', 'count'], data }], width: 300, height: 200 });
    expect(bigNumberPlugin.transformProps(input('smart_date')).subheader).toBe('Mon Jan 30, 2023');
    expect(bigNumberPlugin.transformProps(input('%a %d')).subheader).toBe('Mon 30');
    // Without show_timestamp the incumbent draws the comparison alone, never a bare weekday.
    expect(bigNumberPlugin.transformProps(input('smart_date', {})).subheader).toBe('+100.0%');
    expect(bigNumberPlugin.transformProps(input('smart_date', { compare_lag: undefined })).subheader).toBe('');
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

  it('shrinks the value to the card width instead of cutting digits off', () => {
    // A measure that behaves like a font: width proportional to the size.
    const measure = (em: number) => (px: number) => em * px;
    expect(fitFontSize('$166M', 80, 400, 6, measure(3))).toBe(80);
    const px = fitFontSize('$166M', 80, 100, 6, measure(3));
    expect(px * 3).toBeLessThanOrEqual(100);
    expect(px).toBeGreaterThan(28);
    expect(fitFontSize('$166,123,456.00', 80, 10, 6, measure(9))).toBe(6);
    // Without a layout engine the estimate errs wide: the fitted text is no wider than the card.
    const estimated = fitFontSize('$166,123,456', 80, 120, 6, () => null);
    expect(estimateTextWidth('$166,123,456', estimated)).toBeLessThanOrEqual(120);
  });
  it('keeps the trendline its share of the height, and the text within the rest', () => {
    const props = { width: 240, height: 200, headerFontSize: 0.5, subheaderFontSize: 0.2, subheader: '+20.0% over last period' };
    const trend = bigNumberLayout({ ...props, trendline: [new Float64Array(0), []] });
    expect(trend.minTrendHeight).toBe(80);
    expect(trend.estimatedTextHeight(trend.headerPx) + trend.minTrendHeight).toBeLessThanOrEqual(200);
    // A short, wide card: the font follows the height, never the width alone.
    const short = bigNumberLayout({ ...props, width: 1200, height: 90, trendline: [new Float64Array(0), []] });
    expect(short.estimatedTextHeight(short.headerPx) + short.minTrendHeight).toBeLessThanOrEqual(90);
    expect(bigNumberLayout({ ...props, trendline: null }).headerPx).toBe(100);
  });
  it('renders a narrow card with a smaller font than a wide one', async () => {
    const draw = async (width: number) => {
      const p = bigNumberTotalPlugin.transformProps({ formData: { datasource: '1__table', viz_type: 'big_number_total', metric: 'sum', y_axis_format: '$,.0f' }, queriesData: [{ ...meta, data: [{ sum: 166123456 }] }], width, height: 200 });
      const el = document.createElement('div');
      const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
      bigNumberTotalPlugin.render(el, p);
      await done;
      const value = el.querySelector<HTMLElement>('.bi-big-number-value')!;
      expect(value.textContent).toBe('$166,123,456');
      return parseFloat(value.style.fontSize);
    };
    const narrow = await draw(150);
    const wide = await draw(1000);
    expect(wide).toBe(80);
    expect(narrow).toBeLessThan(25);
    expect(estimateTextWidth('$166,123,456', narrow)).toBeLessThanOrEqual(150 - 2 * 4);
  });
});
