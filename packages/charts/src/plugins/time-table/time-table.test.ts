import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { mount, result } from '../svg-common/test-support';
import { colorFromBounds, recentAverage, timeComparison } from './cells';
import { cellSortValue, sortRows } from './sort-rows';
import { timeTablePlugin } from './index';
import { sparkPath } from './sparkline';
import type { SparkCell, ValueCell } from './types';

// The incumbent's legacy time_table form data (column_collection as its TimeSeriesColumnControl saves it).
const columnCollection = [
  { key: 'spark1', label: 'Trend', tooltip: 'Births per year', colType: 'spark', width: '120', height: '30', timeLag: '', timeRatio: '', comparisonType: '', showYAxis: false, yAxisBounds: [null, null], bounds: [null, null], d3format: ',d', dateFormat: '%Y', sparkType: 'line' },
  { key: 'lag1', label: 'vs last year', colType: 'time', timeLag: '1', comparisonType: 'perc_change', bounds: [-0.1, 0.1], d3format: '.1%' },
  { key: 'contrib', label: 'Share', colType: 'contrib', d3format: '.0%', bounds: [null, null] },
  { key: 'avg2', label: 'Average (2)', colType: 'avg', timeRatio: '2', d3format: ',d', bounds: [200, null] },
];
const formData = {
  datasource: '3__table', viz_type: 'time_table', granularity_sqla: 'ds', time_grain_sqla: 'P1Y', time_range: 'No filter', metrics: ['sum__num'], groupby: ['gender'],
  column_collection: columnCollection, limit: 10, row_limit: 10000, adhoc_filters: [], url: '',
} as unknown as QueryFormData;
const year = (y: number) => Date.UTC(y, 0, 1);
const server = result([
  { __timestamp: year(2000), gender: 'boy', sum__num: 200 },
  { __timestamp: year(2000), gender: 'girl', sum__num: 100 },
  { __timestamp: year(2001), gender: 'boy', sum__num: 250 },
  { __timestamp: year(2001), gender: 'girl', sum__num: 150 },
], ['__timestamp', 'gender', 'sum__num'], [2, 1, 0]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 600, height: 200 });

describe('time_table', () => {
  it('buildQuery: the legacy time-series query; the incumbent refuses no metric, and several metrics with a group-by', () => {
    const query = timeTablePlugin.buildQuery(formData).queries[0];
    expect(query).toMatchObject({ is_timeseries: true, granularity: 'ds', columns: ['gender'], metrics: ['sum__num'], series_limit: 10, extras: { time_grain_sqla: 'P1Y' } });
    expect(() => timeTablePlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Pick at least one metric');
    expect(() => timeTablePlugin.buildQuery({ ...formData, metrics: ['sum__num', 'count'] })).toThrow("When using 'Group By' you are limited to use a single metric");
    expect(timeTablePlugin.buildQuery({ ...formData, groupby: [], metrics: ['sum__num', 'count'] }).queries[0].metrics).toEqual(['sum__num', 'count']);
  });
  it('transformProps: a row per group, each column as its colType computes it', () => {
    const props = timeTablePlugin.transformProps(input());
    expect(props.columns.map((c) => c.label)).toEqual(['Trend', 'vs last year', 'Share', 'Average (2)']);
    expect(props.rows.map((r) => r.label)).toEqual(['boy', 'girl']);
    const [spark, lag, share, avg] = props.rows[1].cells as [SparkCell, ValueCell, ValueCell, ValueCell];
    expect(spark).toMatchObject({ values: [100, 150], labels: ['2000: 100', '2001: 150'], width: 120, height: 30, yMin: 100, yMax: 150 });
    expect(lag).toEqual({ kind: 'value', value: 0.5, text: '50.0%', color: 'rgb(5,113,176)' });
    expect(share.text).toBe('38%');
    expect(avg).toMatchObject({ value: 125, text: '125', color: '#ca0020' });
    expect(props.ariaLabel).toBe('Time-series table of sum__num by gender: 2 rows over 2 time steps');
    expect(props.defaultSort).toEqual({ column: 0, desc: true });
  });
  it('transformProps: rows are the metrics without a group-by; a missing column or metric is an error', () => {
    const data = result([{ __timestamp: year(2000), sum__num: 5, count: 2 }]);
    const props = timeTablePlugin.transformProps(input({ ...formData, groupby: [], metrics: ['sum__num', 'count'] }, data));
    expect(props.rows.map((r) => r.label)).toEqual(['sum__num', 'count']);
    expect(props.defaultSort).toBeNull();
    expect((props.rows[0].cells[1] as ValueCell).text).toBe('The time lag set at 1 is too large for the length of data at 1. No data available.');
    expect(() => timeTablePlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Pick at least one metric');
    expect(() => timeTablePlugin.transformProps(input({ ...formData, groupby: ['state'] }))).toThrow('Column "state" is not in the query result');
  });
  it('cells: lags back and from the start, averages, bound colours, sorting and bar sparklines', async () => {
    expect(timeComparison([100, 120, 150], { timeLag: 1, comparisonType: 'diff' }).value).toBe(30);
    expect(timeComparison([100, 120, 150], { timeLag: -1, comparisonType: 'perc' }).value).toBe(1.5);
    expect(timeComparison([100, 120, 150], { timeLag: '2' }).value).toBe(100);
    expect(timeComparison([0, 150], { timeLag: 1, comparisonType: 'perc' }).value).toBe(0);
    expect(recentAverage([1, null, 3, 4], 3)).toBe(3.5);
    expect(recentAverage([1, 2], 0)).toBeNull();
    expect(colorFromBounds(5, [0, 10])).toBe('rgb(128,128,128)');
    expect(colorFromBounds(0, [0, 10])).toBe('rgb(202,0,32)');
    expect(colorFromBounds(3, [null, 2])).toBe('#ca0020');
    expect(colorFromBounds(3, [null, null])).toBeNull();
    const row = (label: string, value: number | null) => ({ label, cells: [{ kind: 'value' as const, value, text: '', color: null }] });
    expect(sortRows([row('a', 1), row('b', null), row('c', 3)], { column: 0, desc: true }).map((r) => r.label)).toEqual(['c', 'a', 'b']);
    expect(sortRows([row('b', 1), row('a', 2)], { column: -1, desc: false }).map((r) => r.label)).toEqual(['a', 'b']);
    expect(cellSortValue({ kind: 'spark', values: [1, 4, null], labels: [], width: 1, height: 1, sparkType: 'line', yMin: 0, yMax: 1, showYAxis: false, axisLabels: ['', ''] })).toBe(4);
    const bars = timeTablePlugin.transformProps(input({ ...formData, column_collection: [{ key: 'b', colType: 'spark', sparkType: 'bar' }] } as unknown as QueryFormData));
    expect(bars.rows[1].cells[0]).toMatchObject({ sparkType: 'bar', yMin: 0, yMax: 150 });
    const { el, chart } = await mount(timeTablePlugin, bars);
    // Two bars in two bands of the 300 px default width, from zero: 100 and 150 of 150 over 46 px.
    expect([...el.querySelectorAll('tbody tr')[1].querySelectorAll('rect')].map((r) => [r.getAttribute('x'), r.getAttribute('y'), r.getAttribute('height')])).toEqual([['0.5', '17.3', '30.7'], ['150.5', '2', '46']]);
    chart.destroy();
    expect(sparkPath([{ x: 0, y: 5 }, null, { x: 10, y: 2 }, { x: 20, y: 3 }])).toBe('M0,5M10,2L20,3');
  });
  it('render: a table with a header, a sparkline per row and coloured comparison cells', async () => {
    const { el, chart } = await mount(timeTablePlugin, timeTablePlugin.transformProps(input()));
    expect([...el.querySelectorAll('thead th')].map((t) => t.textContent)).toEqual(['Metric', 'Trend ▼', 'vs last year', 'Share', 'Average (2)']);
    expect(el.querySelectorAll('thead th')[1].getAttribute('aria-sort')).toBe('descending');
    expect(el.querySelector('thead th[title]')?.getAttribute('title')).toBe('Births per year');
    // Group rows start sorted by the first column, largest first (girl's latest 150 < boy's 250).
    expect([...el.querySelectorAll('tbody tr th')].map((t) => t.textContent)).toEqual(['boy', 'girl']);
    const girl = el.querySelectorAll('tbody tr')[1];
    expect(girl.querySelector('svg.bi-time-table-spark')?.getAttribute('aria-label')).toBe('2000: 100 to 2001: 150');
    expect(girl.querySelector('path')?.getAttribute('d')).toBe('M0,28L120,2');
    expect([...girl.querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual(['50.0%', '38%', '125']);
    expect((girl.querySelectorAll('td')[1] as HTMLElement).style.color).not.toBe('');
    el.querySelectorAll<HTMLButtonElement>('thead button')[2].click();
    expect([...el.querySelectorAll('tbody tr th')].map((t) => t.textContent)).toEqual(['girl', 'boy']);
    el.querySelectorAll<HTMLButtonElement>('thead button')[2].click();
    expect(el.querySelectorAll('thead th')[2].getAttribute('aria-sort')).toBe('ascending');
    expect([...el.querySelectorAll('tbody tr th')].map((t) => t.textContent)).toEqual(['boy', 'girl']);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(timeTablePlugin, timeTablePlugin.transformProps(input(formData, result([], ['__timestamp', 'gender', 'sum__num']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
