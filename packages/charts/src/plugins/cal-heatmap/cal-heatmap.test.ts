import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { mount, result } from '../svg-common/test-support';
import { cellPosition, cellStarts, domainStarts, nextPeriod, periodStart } from './calendar';
import { calHeatmapPlugin } from './index';
import { flowDomains } from './render';

// The incumbent's legacy cal_heatmap form data (its control names and defaults).
const formData = {
  datasource: '5__table', viz_type: 'cal_heatmap', granularity_sqla: 'ds', time_range: 'No filter', metrics: ['count'], adhoc_filters: [],
  domain_granularity: 'month', subdomain_granularity: 'day', linear_color_scheme: 'white_black', cell_size: 10, cell_padding: 2, cell_radius: 0, steps: 3,
  y_axis_format: ',d', x_axis_time_format: '%Y-%m-%d', show_legend: true, show_values: false, show_metric_name: true,
} as unknown as QueryFormData;
const day = (m: number, d: number) => Date.UTC(2024, m, d);
const server = result([
  { __timestamp: day(0, 1), count: 10 },
  { __timestamp: day(0, 15), count: 30 },
  { __timestamp: day(1, 29), count: 20 },
], ['__timestamp', 'count'], [2, 0]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 400, height: 300 });

describe('cal_heatmap', () => {
  it('buildQuery: the legacy time-series query at the grain of one cell', () => {
    expect(calHeatmapPlugin.buildQuery(formData).queries[0]).toMatchObject({ is_timeseries: true, granularity: 'ds', metrics: ['count'], extras: { time_grain_sqla: 'P1D' } });
    expect(calHeatmapPlugin.buildQuery({ ...formData, subdomain_granularity: 'hour', time_grain_sqla: 'P1D' }).queries[0].extras?.time_grain_sqla).toBe('PT1H');
    expect(calHeatmapPlugin.buildQuery({ ...formData, subdomain_granularity: undefined }).queries[0].extras?.time_grain_sqla).toBe('PT1M');
    expect(() => calHeatmapPlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
  });
  it('transformProps: a month grid per month of the data, days in Monday-first week columns, coloured on the metric scale', () => {
    const props = calHeatmapPlugin.transformProps(input());
    const [jan, feb] = props.metrics[0].domains;
    expect(props.metrics[0].domains.map((d) => d.label)).toEqual(['Jan 2024', 'Feb 2024']);
    expect(jan.cells.length).toBe(31);
    expect([jan.cols, jan.rows]).toEqual([5, 7]);
    // 1 January 2024 was a Monday; the 15th too, two weeks on.
    expect(jan.cells[0]).toEqual({ time: day(0, 1), col: 0, row: 0, value: 10, color: 'rgb(255,255,255)' });
    expect(jan.cells[14]).toMatchObject({ col: 2, row: 0, value: 30, color: 'rgb(0,0,0)' });
    expect(feb.cells[28]).toMatchObject({ value: 20, color: 'rgb(128,128,128)' });
    expect(jan.cells[1]).toMatchObject({ value: null, color: null });
    expect(props.metrics[0].legend).toEqual([
      { value: 10, color: 'rgb(255,255,255)', label: '10' },
      { value: 20, color: 'rgb(128,128,128)', label: '20' },
      { value: 30, color: 'rgb(0,0,0)', label: '30' },
    ]);
    expect(props.formatTime(day(0, 15))).toBe('2024-01-15');
    expect(props.ariaLabel).toBe('Calendar heatmap of count per day in 2 month grids');
  });
  it('transformProps: the resolved time range sets the span; bad form data is an error', () => {
    const ranged = { ...server, from_dttm: Date.UTC(2023, 11, 1), to_dttm: Date.UTC(2024, 3, 1) };
    expect(calHeatmapPlugin.transformProps(input(formData, ranged)).metrics[0].domains.map((d) => d.label)).toEqual(['Dec 2023', 'Jan 2024', 'Feb 2024', 'Mar 2024']);
    expect(() => calHeatmapPlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Metrics cannot be empty');
    expect(() => calHeatmapPlugin.transformProps(input({ ...formData, metrics: ['sum__num'] }))).toThrow('Column "sum__num" is not in the query result');
    expect(() => calHeatmapPlugin.transformProps(input({ ...formData, domain_granularity: 'year', subdomain_granularity: 'min' }))).toThrow('Too many cells');
  });
  it('calendar: periods, domains and the layouts of hours and minutes', () => {
    expect(periodStart('week', Date.UTC(2024, 0, 7, 13))).toBe(Date.UTC(2024, 0, 1));
    expect(nextPeriod('year', Date.UTC(2024, 0, 1))).toBe(Date.UTC(2025, 0, 1));
    expect(domainStarts('week', Date.UTC(2024, 0, 3), Date.UTC(2024, 0, 9), 100)).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 8)]);
    expect(cellStarts('day', 'hour', Date.UTC(2024, 0, 1)).length).toBe(24);
    expect(cellPosition('day', 'hour', Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1, 13))).toEqual({ col: 2, row: 1 });
    expect(cellPosition('hour', 'min', Date.UTC(2024, 0, 1, 5), Date.UTC(2024, 0, 1, 5, 37))).toEqual({ col: 3, row: 7 });
    expect(cellPosition('year', 'month', Date.UTC(2024, 0, 1), Date.UTC(2024, 6, 1))).toEqual({ col: 6, row: 0 });
    expect(cellStarts('month', 'week', Date.UTC(2024, 1, 1))[0]).toBe(Date.UTC(2024, 0, 29));
    expect(flowDomains([{ w: 80, h: 70 }, { w: 80, h: 70 }, { w: 30, h: 20 }], 200)).toEqual({ at: [{ x: 0, y: 0 }, { x: 90, y: 0 }, { x: 0, y: 80 }], width: 170, height: 100 });
  });
  it('render: titled, with a legend, focusable domain grids and a cell tooltip', async () => {
    const { el, chart } = await mount(calHeatmapPlugin, calHeatmapPlugin.transformProps(input({ ...formData, show_values: true, cell_size: 20 })));
    expect(el.querySelector('.bi-cal-heatmap-title')?.textContent).toBe('count');
    expect(el.querySelector('.bi-cal-heatmap-legend')?.getAttribute('aria-label')).toBe('Legend of count: 10 to 30');
    const domains = el.querySelectorAll<SVGGElement>('g.bi-cal-heatmap-domain');
    expect(domains.length).toBe(2);
    expect(domains[0].getAttribute('aria-label')).toBe('Jan 2024: 2 values from 10 to 30');
    expect(domains[0].getAttribute('tabindex')).toBe('0');
    expect(domains[0].querySelectorAll('rect.bi-cal-heatmap-empty').length).toBe(29);
    expect([...domains[0].querySelectorAll('text')].map((t) => t.textContent)).toEqual(['10', '30', 'Jan 2024']);
    domains[0].querySelector('rect')!.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(el.querySelector('.bi-tooltip')?.textContent).toBe('2024-01-01count: 10');
    chart.destroy();
  });
  it('render: more domains than fit one line are browsed with previous/next buttons, keyboard-reachable', async () => {
    // Six months of data in a card that fits two month grids.
    const months = result([0, 1, 2, 3, 4, 5].map((m) => ({ __timestamp: day(m, 10), count: m + 1 })), ['__timestamp', 'count'], [2, 0]);
    const props = calHeatmapPlugin.transformProps({ ...input(formData, months), width: 200 });
    expect(props.domainUnit).toBe('month');
    const { el, chart, redrawn } = await mount(calHeatmapPlugin, props);
    const labels = () => [...el.querySelectorAll('g.bi-cal-heatmap-domain')].map((g) => g.getAttribute('aria-label')!.split(':')[0]);
    const previous = () => el.querySelector<HTMLButtonElement>('button.bi-cal-heatmap-previous')!;
    const next = () => el.querySelector<HTMLButtonElement>('button.bi-cal-heatmap-next')!;
    expect(labels()).toEqual(['Jan 2024', 'Feb 2024']);
    expect([previous().getAttribute('aria-label'), previous().disabled, next().getAttribute('aria-label'), next().disabled]).toEqual(['Previous month', true, 'Next month', false]);
    expect(el.querySelector('.bi-cal-heatmap-browse [aria-live]')?.textContent).toBe('Jan 2024 – Feb 2024');
    next().focus();
    let drawn = redrawn();
    next().click();
    await drawn;
    expect(labels()).toEqual(['Feb 2024', 'Mar 2024']);
    expect(document.activeElement).toBe(next());
    for (let i = 0; i < 3; i++) {
      drawn = redrawn();
      next().click();
      await drawn;
    }
    expect(labels()).toEqual(['May 2024', 'Jun 2024']);
    expect(next().disabled).toBe(true);
    // At the end the focus moves to the button that can still act.
    expect(document.activeElement).toBe(previous());
    drawn = redrawn();
    previous().click();
    await drawn;
    expect(labels()).toEqual(['Apr 2024', 'May 2024']);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(calHeatmapPlugin, calHeatmapPlugin.transformProps(input(formData, result([], ['__timestamp', 'count']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
