import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults } from '../../controls/validators';
import { BASE_QUERY, mount, result } from '../svg-common/test-support';
import { timeTicks } from '../svg-common/time-ticks';
import { parseOrderByCols } from './build-query';
import { ganttPlugin } from './index';
import { timeBounds, toEpochMs } from './transform-props';

// Featured Charts/Gantt.yaml
const formData: QueryFormData = {
  datasource: '61__table', viz_type: 'gantt_chart', slice_id: 1495, start_time: 'start_time', end_time: 'end_time', y_axis: 'status', series: 'priority', subcategories: true,
  tooltip_columns: ['project', 'phase'], adhoc_filters: [{ clause: 'WHERE', comparator: 'No filter', expressionType: 'SIMPLE', operator: 'TEMPORAL_RANGE', subject: 'start_time' }],
  order_by_cols: ['["status",false]'], row_limit: 10000, x_axis_title_margin: 15, y_axis_title_margin: 50, color_scheme: 'supersetAndPresetColors', show_legend: true,
  legendType: 'plain', legendOrientation: 'right', legendMargin: 100, zoomable: false, show_extra_controls: false, x_axis_time_bounds: ['08:00:00', '19:00:00'],
  x_axis_time_format: 'smart_date', tooltipTimeFormat: 'smart_date', tooltipValuesFormat: 'SMART_NUMBER', extra_form_data: {}, dashboards: [9],
} as QueryFormData;
// The first rows of the project_management dataset, ordered by status descending.
const server = result([
  { start_time: 1718878800000, end_time: 1718882400000, status: 'On Hold', priority: 'High', project: 'Project Alpha', phase: 'Deployment Phase' },
  { start_time: 1718872800000, end_time: 1718877200000, status: 'In Progress', priority: 'High', project: 'Project Alpha', phase: 'Development Phase' },
  { start_time: 1718882400000, end_time: 1718886000000, status: 'In Progress', priority: 'Medium', project: 'Project Beta', phase: 'Development Phase' },
  { start_time: 1718870400000, end_time: 1718874000000, status: 'Completed', priority: 'High', project: 'Project Alpha', phase: 'Design Phase' },
  { start_time: 1718880000000, end_time: 1718883600000, status: 'Completed', priority: 'Medium', project: 'Project Beta', phase: 'Design Phase' },
], undefined, [2, 2, 1, 1, 1, 1]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 800, height: 400 });
const day = (h: number) => Date.UTC(2024, 5, 20, h);

describe('gantt_chart', () => {
  it('buildQuery: times, category, series, tooltip and ordering columns once, the saved ordering (the incumbent query)', () => {
    expect(ganttPlugin.buildQuery(formData).queries).toEqual([
      {
        ...BASE_QUERY,
        filters: [{ col: 'start_time', op: 'TEMPORAL_RANGE', val: 'No filter' }],
        columns: ['start_time', 'end_time', 'status', 'priority', 'project', 'phase'],
        metrics: [],
        orderby: [['status', false]],
        series_columns: ['priority'],
        row_limit: 10000,
      },
    ]);
    expect(parseOrderByCols(undefined)).toEqual([]);
    expect(() => parseOrderByCols(['["status"]'])).toThrow('Invalid ordering: ["status"]');
  });
  it('buildQuery and transformProps: a missing start, end or y axis is an error, not a blank chart', () => {
    expect(() => ganttPlugin.buildQuery({ ...formData, start_time: undefined })).toThrow('Start Time cannot be empty');
    expect(() => ganttPlugin.transformProps(input({ ...formData, y_axis: '' }))).toThrow('Y-axis cannot be empty');
    expect(() => ganttPlugin.transformProps(input({ ...formData, tooltip_columns: ['owner'] }))).toThrow('Column "owner" is not in the query result');
  });
  it('transformProps: a row per category and priority, bars in their row, the day bounded 08:00-19:00', () => {
    const props = ganttPlugin.transformProps(input());
    expect(props.categories).toEqual([
      { name: 'On Hold', firstRow: 0, rowCount: 1 },
      { name: 'In Progress', firstRow: 1, rowCount: 2 },
      { name: 'Completed', firstRow: 3, rowCount: 2 },
    ]);
    expect(props.rowCount).toBe(5);
    expect(props.bars.map((b) => [b.row, b.series, b.color])).toEqual([[0, 'High', '#1FA8C9'], [1, 'High', '#1FA8C9'], [2, 'Medium', '#454E7C'], [3, 'High', '#1FA8C9'], [4, 'Medium', '#454E7C']]);
    expect(props.domain).toEqual([day(8), day(19)]);
    expect(props.bars[0].tooltipTitle).toBe('High');
    expect(props.bars[0].tooltipLines).toEqual([
      { label: 'start_time', value: 'Thu Jun 20, 2024 10:20' },
      { label: 'end_time', value: 'Thu Jun 20, 2024 11:20' },
      { label: 'project', value: 'Project Alpha' },
      { label: 'phase', value: 'Deployment Phase' },
    ]);
    expect(props.legend).toEqual([{ name: 'High', color: '#1FA8C9' }, { name: 'Medium', color: '#454E7C' }]);
    expect(props.legendOrientation).toBe('right');
    expect(props.crossFilterColumn).toBe('priority');
    // Without subcategories each category is one row, whatever the series.
    expect(ganttPlugin.transformProps(input({ ...formData, subcategories: false })).rowCount).toBe(3);
  });
  it('transformProps: series colours are lifted on a dark surface', () => {
    const dark = ganttPlugin.transformProps({ ...input(), surface: 'rgb(34, 39, 46)' });
    expect(dark.bars[2].color).not.toBe('#454E7C');
    expect(dark.legend[1].color).toBe(dark.bars[2].color);
  });
  it("Explore shows the time-of-day bounds control under the incumbent's name", () => {
    const rows = getControlPanel('gantt_chart').sections.flatMap((s) => s.controlSetRows.flat());
    expect(rows.find((c) => c.name === 'x_axis_time_bounds')?.config).toMatchObject({ type: 'TimeOfDayBoundsControl', label: 'Bounds', renderTrigger: true });
    expect(getControlDefaults(getControlPanel('gantt_chart')).x_axis_time_bounds).toEqual([null, null]);
  });
  it('toEpochMs, timeBounds and timeTicks', () => {
    expect(toEpochMs('2024-06-20 08:00:00')).toBe(day(8));
    expect(toEpochMs('1718870400000')).toBe(1718870400000);
    expect(toEpochMs('soon')).toBeNull();
    expect(timeBounds([null, '19:00:00'], day(9), day(17))).toEqual([day(9), day(19)]);
    expect(timeTicks(day(8), day(19), 4)).toEqual([day(9), day(12), day(15), day(18)]);
    expect(timeTicks(Date.UTC(2003, 0, 15), Date.UTC(2005, 5, 1), 3)).toEqual([Date.UTC(2004, 0, 1), Date.UTC(2005, 0, 1)]);
    expect(timeTicks(Date.UTC(2003, 0, 15), Date.UTC(2005, 5, 1), 6)).toEqual([Date.UTC(2003, 6, 1), Date.UTC(2004, 0, 1), Date.UTC(2004, 6, 1), Date.UTC(2005, 0, 1)]);
  });
  it('render: category names, time ticks, a focusable bar per event with its tooltip, the legend hides a series', async () => {
    const { el, chart } = await mount(ganttPlugin, ganttPlugin.transformProps(input()));
    expect([...el.querySelectorAll('.bi-gantt-categories text')].map((t) => t.textContent)).toEqual(['On Hold', 'In Progress', 'Completed']);
    expect(el.querySelectorAll('.bi-gantt-categories line').length).toBe(2);
    expect(el.querySelectorAll('.bi-axis-time text').length).toBeGreaterThan(2);
    const bars = [...el.querySelectorAll<SVGGElement>('g.bi-gantt-bar')];
    expect(bars.length).toBe(5);
    expect(bars[0].getAttribute('aria-label')).toBe('High: start_time Thu Jun 20, 2024 10:20, end_time Thu Jun 20, 2024 11:20, project Project Alpha, phase Deployment Phase');
    bars[0].dispatchEvent(new MouseEvent('mouseenter'));
    expect(el.querySelector('.bi-tooltip')?.textContent).toContain('phase: Deployment Phase');
    const legend = [...el.querySelectorAll<HTMLButtonElement>('.bi-legend button')];
    expect(legend.map((b) => b.textContent)).toEqual(['High', 'Medium']);
    legend[1].click();
    expect(bars.map((b) => b.style.display)).toEqual(['', '', 'none', '', 'none']);
    chart.destroy();
  });
  it('render: bars are cross-filter toggles on their series value on a dashboard', async () => {
    const selections: unknown[] = [];
    const props = { ...ganttPlugin.transformProps(input()), onCrossFilter: (s: unknown) => selections.push(s) };
    const { el, chart } = await mount(ganttPlugin, props);
    const bars = [...el.querySelectorAll<SVGGElement>('g.bi-gantt-bar[data-cross-filter]')];
    expect(bars.length).toBe(5);
    bars[2].dispatchEvent(new MouseEvent('click'));
    expect(selections).toEqual([{ column: 'priority', values: ['Medium'] }]);
    expect(bars.map((b) => b.getAttribute('opacity'))).toEqual(['0.3', '0.3', '1', '0.3', '1']);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(ganttPlugin, ganttPlugin.transformProps(input(formData, result([], ['start_time', 'end_time', 'status']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
