import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults } from '../../controls/validators';
import { RENDERED_EVENT } from '../../shared/mount';
import { buildPopKpiQuery } from './build-query';
import { changeTone, percentChange } from './change';
import { popKpiComparisonPx, popKpiHeaderPx } from './font-sizes';
import { popKpiPlugin } from './index';
import { rangeBounds } from './range-bounds';
import { popKpiTimeOffsets } from './time-offsets';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
/** Form data as the incumbent's Explore saves a pop_kpi chart. */
const fd = {
  datasource: '3__table',
  viz_type: 'pop_kpi',
  metric: { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' },
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: '2008-01-01 : 2009-01-01', clause: 'WHERE' }],
  row_limit: 10000,
  y_axis_format: 'SMART_NUMBER',
  percentDifferenceFormat: '.1%',
  header_font_size: 0.4,
  subheader_font_size: 0.2,
  comparison_color_enabled: true,
  comparison_color_scheme: 'Green',
  time_compare: '1 year ago',
  comparison_type: 'values',
} as unknown as QueryFormData;
const NOW = Date.UTC(2024, 5, 15, 13, 30);

describe('pop_kpi', () => {
  it('buildQuery: the metric, no columns, the shift as time_offsets, no compare operator for actual values', () => {
    const q = buildPopKpiQuery(fd, NOW).queries[0];
    expect(q.metrics).toEqual([fd.metric]);
    expect(q.columns ?? []).toEqual([]);
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(q.post_processing).toEqual([]);
  });
  it('buildQuery: inherit and custom become days, as the incumbent resolves them', () => {
    expect(buildPopKpiQuery({ ...fd, time_compare: 'inherit' }, NOW).queries[0].time_offsets).toEqual(['366 days ago']);
    expect(buildPopKpiQuery({ ...fd, time_compare: 'custom', start_date_offset: '2007-06-01' }, NOW).queries[0].time_offsets).toEqual(['214 days ago']);
    expect(buildPopKpiQuery({ ...fd, time_compare: 'custom', start_date_offset: '2008-01-03' }, NOW).queries[0].time_offsets).toEqual(['2 days after']);
    // Without a calculation type there is no comparison, as in the incumbent's isTimeComparison.
    expect(buildPopKpiQuery({ ...fd, comparison_type: undefined }, NOW).queries[0].time_offsets).toEqual([]);
    // A difference asks the server's compare operator for it.
    expect(buildPopKpiQuery({ ...fd, comparison_type: 'difference' }, NOW).queries[0].post_processing).toEqual([
      { operation: 'compare', options: { source_columns: ['SUM(num)'], compare_columns: ['SUM(num)__1 year ago'], compare_type: 'difference', drop_original_columns: true } },
    ]);
  });
  it('buildQuery without a metric throws a clear error', () => {
    expect(() => buildPopKpiQuery({ ...fd, metric: undefined })).toThrow('Metric cannot be empty');
  });
  it('relative time ranges resolve to days in UTC', () => {
    const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
    expect(rangeBounds('Last week', NOW)).toEqual([day(2024, 6, 8), day(2024, 6, 15)]);
    expect(rangeBounds('previous calendar month', NOW)).toEqual([day(2024, 5, 1), day(2024, 6, 1)]);
    expect(rangeBounds('DATEADD(DATETIME("now"), -7, day) : now', NOW)).toEqual([day(2024, 6, 8), day(2024, 6, 15)]);
    expect(popKpiTimeOffsets(['inherit'], 'No filter', undefined, NOW)).toEqual([]);
    expect(popKpiTimeOffsets(['inherit'], 'Last month', undefined, NOW)).toEqual(['31 days ago']);
  });
  it('percentage change and tone follow the incumbent (no division by zero; the Red scheme inverts)', () => {
    expect([percentChange(0, 0), percentChange(5, 0), percentChange(0, 5), percentChange(90, -100)]).toEqual([0, 1, -1, 1.9]);
    expect([changeTone(0.2, true, 'Green'), changeTone(0.2, true, 'Red'), changeTone(-0.2, false, 'Green'), changeTone(0, true, 'Green')]).toEqual(['positive', 'negative', 'neutral', 'neutral']);
    expect([popKpiHeaderPx(0.4), popKpiHeaderPx(undefined), popKpiComparisonPx(0.2), popKpiComparisonPx(9)]).toEqual([30, 16, 26, 40]);
  });
  it('transformProps: value, previous value, difference and percentage from the shifted column', () => {
    const data = [{ 'SUM(num)': 1200, 'SUM(num)__1 year ago': 1500 }];
    const p = popKpiPlugin.transformProps({ formData: fd, queriesData: [{ ...meta, colnames: ['SUM(num)', 'SUM(num)__1 year ago'], data }], width: 400, height: 200 });
    expect(p.formattedValue).toBe('1.2k');
    expect(p.figures.map((f) => [f.symbol, f.text, f.tone])).toEqual([['#', '1.5k', 'neutral'], ['△', '−300', 'negative'], ['%', '−20.0%', 'negative']]);
    expect(p.figures[0].description).toBe('Data for 1 year ago');
    expect([p.headerPx, p.subheaderPx]).toEqual([30, 26]);
    expect(() => popKpiPlugin.transformProps({ formData: { ...fd, metric: '' }, queriesData: [], width: 1, height: 1 })).toThrow('Metric cannot be empty');
  });
  it('renders the value with its arrow and three labelled figures', async () => {
    const data = [{ 'SUM(num)': 1200, 'SUM(num)__1 year ago': 1000 }];
    const p = popKpiPlugin.transformProps({ formData: fd, queriesData: [{ ...meta, colnames: ['SUM(num)', 'SUM(num)__1 year ago'], data }], width: 400, height: 200 });
    const el = document.createElement('div');
    document.body.append(el);
    const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    const chart = popKpiPlugin.render(el, p);
    await done;
    expect(el.querySelector('.bi-pop-kpi-value')?.textContent).toBe('1.2k↑');
    expect([...el.querySelectorAll('[role=listitem]')].map((n) => n.getAttribute('aria-label'))).toEqual([
      'Data for 1 year ago: 1k',
      'Value difference between the time periods: 200',
      'Percentage difference between the time periods: 20.0%',
    ]);
    expect(el.querySelector('.bi-pop-kpi-arrow')?.getAttribute('style')).toContain('--bi-color-positive');
    // Centred in the card's full height (the body has no height of its own to take 100% of).
    expect((el.querySelector('.bi-pop-kpi') as HTMLElement).style.height).toBe('200px');
    chart.destroy();
    el.remove();
  });

  it('draws the saved subtitle (subheader in older saves) and the metric name when show_metric_name, as Explore offers them', async () => {
    const data = [{ 'SUM(num)': 1200, 'SUM(num)__1 year ago': 1000 }];
    const input = (extra: object) => ({ formData: { ...fd, ...extra } as QueryFormData, queriesData: [{ ...meta, colnames: ['SUM(num)', 'SUM(num)__1 year ago'], data }], width: 400, height: 200 });
    const p = popKpiPlugin.transformProps(input({ subtitle: 'Births this year', show_metric_name: true, metric_name_font_size: 0.3 }));
    expect([p.subtitle, p.subtitlePx, p.metricName, p.metricNamePx]).toEqual(['Births this year', 20, 'SUM(num)', 32]);
    expect(popKpiPlugin.transformProps(input({ subheader: 'older save' })).subtitle).toBe('older save');
    expect(popKpiPlugin.transformProps(input({})).metricName).toBeNull();
    const el = document.createElement('div');
    document.body.append(el);
    const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    const chart = popKpiPlugin.render(el, p);
    await done;
    const box = el.querySelector('.bi-pop-kpi')!;
    expect([...box.children].map((c) => c.className)).toEqual(['bi-pop-kpi-metric-name', 'bi-pop-kpi-value', 'bi-pop-kpi-subtitle', 'bi-pop-kpi-figures']);
    expect(el.querySelector('.bi-pop-kpi-subtitle')?.textContent).toBe('Births this year');
    expect(el.querySelector('.bi-pop-kpi-metric-name')?.textContent).toBe('SUM(num)');
    chart.destroy();
    el.remove();
    expect(getControlDefaults(getControlPanel('pop_kpi'))).toMatchObject({ subtitle: '', subtitle_font_size: 0.15, show_metric_name: false, metric_name_font_size: 0.15 });
  });
});
