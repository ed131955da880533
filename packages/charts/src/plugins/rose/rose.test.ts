import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { mount, result } from '../svg-common/test-support';
import { pieArcs, point, roseArcs, sectorPath } from './geometry';
import { rosePlugin } from './index';
import { labelStride } from './render';
import { seriesName } from './transform-props';

// The incumbent's legacy rose form data (its control names and defaults).
const formData = {
  datasource: '3__table', viz_type: 'rose', granularity_sqla: 'ds', time_grain_sqla: 'P1Y', time_range: 'No filter', metrics: ['sum__num'], groupby: ['gender'], adhoc_filters: [],
  limit: 25, order_desc: true, contribution: false, row_limit: 10000, color_scheme: 'supersetColors', number_format: ',d', date_time_format: '%Y', rich_tooltip: true, rose_area_proportion: false,
  rolling_type: 'None', comparison_type: 'values', time_compare: [],
} as unknown as QueryFormData;
const year = (y: number) => Date.UTC(y, 0, 1);
// The flattened pivot the query returns: a column per metric and group.
const server = result([
  { __timestamp: year(2001), 'sum__num, boy': 300, 'sum__num, girl': 100 },
  { __timestamp: year(2000), 'sum__num, boy': 200, 'sum__num, girl': null },
], ['__timestamp', 'sum__num, boy', 'sum__num, girl'], [2, 0, 0]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 400, height: 400 });

describe('rose', () => {
  it("buildQuery: the incumbent's time-series pipeline (pivot, analytics, contribution by row, flatten)", () => {
    const query = rosePlugin.buildQuery(formData).queries[0];
    expect(query).toMatchObject({ is_timeseries: true, granularity: 'ds', columns: ['gender'], metrics: ['sum__num'], series_limit: 25, time_offsets: [], extras: { time_grain_sqla: 'P1Y' } });
    expect(query.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'flatten']);
    const analysed = rosePlugin.buildQuery({ ...formData, contribution: true, rolling_type: 'cumsum', time_compare: ['1 year ago'], comparison_type: 'difference' }).queries[0];
    expect(analysed.time_offsets).toEqual(['1 year ago']);
    expect(analysed.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'cum', 'compare', 'contribution', 'flatten']);
    expect(analysed.post_processing?.[3]).toEqual({ operation: 'contribution', options: { orientation: 'row' } });
    expect(() => rosePlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
  });
  it('transformProps: time steps ascending, series named by group, missing values as 0', () => {
    const props = rosePlugin.transformProps(input());
    expect(props.times).toEqual([year(2000), year(2001)]);
    expect(props.timeLabels).toEqual(['2000', '2001']);
    expect(props.series).toEqual(['boy', 'girl']);
    expect(props.values).toEqual([[200, 0], [300, 100]]);
    expect(props.colors[0]).not.toBe(props.colors[1]);
    expect(props.formatValue(1234)).toBe('1,234');
    expect(props.ariaLabel).toBe('Nightingale rose of sum__num by gender over 2 time steps: boy, girl');
    expect(seriesName('sum__num, boy', ['sum__num', 'count'], true)).toBe('sum__num, boy');
    expect(seriesName('sum__num', ['sum__num'], false)).toBe('sum__num');
  });
  it('transformProps: bad form data is an error, not a blank chart', () => {
    expect(() => rosePlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Metrics cannot be empty');
    expect(() => rosePlugin.transformProps(input({ ...formData, metrics: ['count'] }))).toThrow('Column "count" is not in the query result');
  });
  it('geometry: stacked radii (or areas) with the largest total at the radius; sector paths', () => {
    const arcs = roseArcs([[200, 0], [300, 100]], [true, true], 100, false);
    expect(arcs.map((a) => [a.innerRadius, a.outerRadius])).toEqual([[0, 50], [50, 50], [0, 75], [75, 100]]);
    expect(arcs[2]).toMatchObject({ startAngle: Math.PI, endAngle: Math.PI * 2 });
    expect(roseArcs([[300, 100]], [true, false], 100, false).map((a) => a.outerRadius)).toEqual([100, 100]);
    const areas = roseArcs([[1, 3]], [true, true], 100, true);
    expect(areas[0].outerRadius).toBe(50);
    expect(areas[1].outerRadius).toBe(100);
    expect(sectorPath({ startAngle: 0, endAngle: Math.PI / 2, innerRadius: 0, outerRadius: 10 })).toBe('M0,-10A10,10 0 0 1 10,0L0,0Z');
    expect(sectorPath({ startAngle: 0, endAngle: Math.PI / 2, innerRadius: 5, outerRadius: 10 })).toBe('M0,-10A10,10 0 0 1 10,0L5,0A5,5 0 0 0 0,-5Z');
    expect(sectorPath({ startAngle: 0, endAngle: Math.PI * 2, innerRadius: 0, outerRadius: 10 })).toBe('M0,-10A10,10 0 0 1 0,10L0,0ZM0,10A10,10 0 0 1 0,-10L0,0Z');
    expect(sectorPath({ startAngle: 0, endAngle: 1, innerRadius: 5, outerRadius: 5 })).toBe('');
    expect(point(Math.PI, 10)).toEqual([0, 10]);
    const pie = pieArcs(1, [100, 300], ['boy', 'girl'], [true, true], 100);
    expect(pie.map((a) => [a.series, a.startAngle, a.endAngle, a.innerRadius])).toEqual([[1, 0, Math.PI * 1.5, 7.5], [0, Math.PI * 1.5, Math.PI * 2, 7.5]]);
    expect(labelStride(['2000', '2001', '2002', '2003'], 100, 12)).toBe(1);
    expect(labelStride(Array.from({ length: 60 }, () => 'Jan 2000'), 100, 12)).toBe(7);
  });
  it('render: a legend, a focusable wedge per time step, a rich tooltip; hiding a series re-stacks the wedges', async () => {
    const { el, chart } = await mount(rosePlugin, rosePlugin.transformProps(input()));
    expect([...el.querySelectorAll('.bi-legend button')].map((b) => b.textContent)).toEqual(['boy', 'girl']);
    const wedges = el.querySelectorAll<SVGGElement>('g.bi-rose-wedge');
    expect([...wedges].map((w) => w.getAttribute('aria-label'))).toEqual(['2000: boy 200, girl 0', '2001: boy 300, girl 100']);
    expect(wedges[0].querySelectorAll('path').length).toBe(1);
    expect([...el.querySelectorAll('.bi-rose-labels text')].map((t) => t.textContent)).toEqual(['2000', '2001']);
    wedges[1].querySelector('path[data-series="1"]')!.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(el.querySelector('.bi-tooltip')?.textContent).toBe('2001boy: 300▸ girl: 100');
    const before = el.querySelector('g.bi-rose-wedge path')!.getAttribute('d');
    el.querySelector<HTMLButtonElement>('.bi-legend button')!.click();
    expect(el.querySelectorAll('g.bi-rose-wedge')[1].querySelectorAll('path').length).toBe(1);
    expect(el.querySelector('g.bi-rose-wedge path')?.getAttribute('d')).not.toBe(before);
    chart.destroy();
  });
  it('render: a click (or Enter) opens a time step into a pie of its series; again (or Escape) closes it', async () => {
    const { el, chart } = await mount(rosePlugin, rosePlugin.transformProps(input()));
    el.querySelectorAll<SVGGElement>('g.bi-rose-wedge')[1].dispatchEvent(new MouseEvent('click'));
    let wedges = el.querySelectorAll<SVGGElement>('g.bi-rose-wedge');
    expect(wedges.length).toBe(1);
    expect(wedges[0].getAttribute('aria-expanded')).toBe('true');
    expect([...wedges[0].querySelectorAll('path')].map((p) => p.getAttribute('data-series'))).toEqual(['0', '1']);
    expect(el.querySelector('.bi-rose-labels')).toBeNull();
    wedges[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    wedges = el.querySelectorAll<SVGGElement>('g.bi-rose-wedge');
    expect(wedges.length).toBe(2);
    wedges[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(el.querySelectorAll('g.bi-rose-wedge').length).toBe(1);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(rosePlugin, rosePlugin.transformProps(input(formData, result([], ['__timestamp']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
