import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { NO_FILTER, mount, result } from '../svg-common/test-support';
import { paraPlugin } from './index';
import { axisPosition } from './transform-props';

// The incumbent's legacy para form data (its control panel's names and defaults).
const formData: QueryFormData = {
  datasource: '2__table', viz_type: 'para', series: 'product_line', metrics: ['count', 'sum__quantity', 'avg__price'], secondary_metric: 'sum__revenue',
  adhoc_filters: NO_FILTER, limit: 10, timeseries_limit_metric: null, order_desc: true, show_datatable: false, include_series: false,
  linear_color_scheme: 'superset_seq_1', extra_form_data: {}, dashboards: [],
};
const server = result([
  { product_line: 'Classic Cars', count: 900, sum__quantity: 27000, avg__price: 170, sum__revenue: 4_500_000 },
  { product_line: 'Trains', count: 300, sum__quantity: 9000, avg__price: 80, sum__revenue: 700_000 },
  { product_line: 'Ships', count: 500, sum__quantity: 15000, avg__price: 110, sum__revenue: 1_600_000 },
]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 600, height: 400 });

describe('para', () => {
  it('buildQuery: a row per series value with the metrics and the colour metric, limited and ordered', () => {
    const [query] = paraPlugin.buildQuery(formData).queries;
    expect(query).toMatchObject({ columns: ['product_line'], metrics: ['count', 'sum__quantity', 'avg__price', 'sum__revenue'], orderby: [['count', false]], row_limit: 10, series_limit: 0 });
    expect(paraPlugin.buildQuery({ ...formData, timeseries_limit_metric: 'sum__revenue', order_desc: false, limit: 0 }).queries[0]).toMatchObject({ orderby: [['sum__revenue', true]] });
  });
  it('buildQuery and transformProps: missing series or metrics and unknown columns are named errors', () => {
    expect(() => paraPlugin.buildQuery({ ...formData, series: undefined })).toThrow('Series cannot be empty');
    expect(() => paraPlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
    expect(() => paraPlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Metrics cannot be empty');
    expect(() => paraPlugin.transformProps(input({ ...formData, series: 'dropped' }))).toThrow('Column "dropped" is not in the query result');
    expect(() => paraPlugin.transformProps(input({ ...formData, secondary_metric: 'gone' }))).toThrow('Column "gone" is not in the query result');
  });
  it('axisPosition: from the axis minimum (0) to its maximum (1)', () => {
    expect(axisPosition(5, { kind: 'number', name: 'm', min: 0, max: 10 })).toBe(0.5);
    expect(axisPosition(3, { kind: 'number', name: 'm', min: 3, max: 3 })).toBe(0.5);
    expect(axisPosition(null, { kind: 'number', name: 'm', min: 0, max: 10 })).toBeNull();
  });
  it('transformProps: an axis per metric over its range, lines coloured by the colour metric', () => {
    const props = paraPlugin.transformProps(input());
    expect(props.axes).toEqual([
      { kind: 'number', name: 'count', min: 300, max: 900 },
      { kind: 'number', name: 'sum__quantity', min: 9000, max: 27000 },
      { kind: 'number', name: 'avg__price', min: 80, max: 170 },
    ]);
    expect(props.lines[2].positions.map((v) => Number(v!.toFixed(4)))).toEqual([0.3333, 0.3333, 0.3333]);
    expect(props.lines[0].formatted).toEqual(['900', '27k', '170']);
    // The largest revenue takes the scheme's darkest colour, the smallest its lightest.
    expect(props.lines[0].color).toBe('rgb(13,92,112)');
    expect(props.lines[1].color).toBe('rgb(230,246,249)');
    expect(props.lines[1].colorValue).toBe('700k');
    expect(props.ariaLabel).toBe('Parallel coordinates of count, sum__quantity, avg__price for 3 values of product_line, coloured by sum__revenue');
    // On a known surface the shades come from the part of the scheme that stands out on it.
    expect(paraPlugin.transformProps({ ...input(), surface: 'rgb(255, 255, 255)' }).lines.map((l) => l.color)).toEqual(['rgb(13,92,112)', 'rgb(121,202,223)', 'rgb(73,184,211)']);
    expect(paraPlugin.transformProps({ ...input(), surface: 'rgb(34, 39, 46)' }).lines.map((l) => l.color)).toEqual(['rgb(29,160,192)', 'rgb(230,246,249)', 'rgb(187,229,239)']);
  });
  it('transformProps: include_series adds the series axis first; without a colour metric lines take the scheme', () => {
    const props = paraPlugin.transformProps(input({ ...formData, include_series: true, secondary_metric: null }));
    expect(props.axes[0]).toEqual({ kind: 'category', name: 'product_line', categories: ['Classic Cars', 'Trains', 'Ships'] });
    expect(props.lines.map((l) => l.positions[0])).toEqual([1, 0.5, 0]);
    expect(props.lines[1].formatted[0]).toBe('Trains');
    expect(props.lines.map((l) => l.color)).toEqual(['#1FA8C9', '#454E7C', '#5AC189']);
  });
  it('render: axes with names and ticks, a focusable line per row with its tooltip, the data table highlights', async () => {
    const { el, chart } = await mount(paraPlugin, paraPlugin.transformProps(input({ ...formData, show_datatable: true })));
    const axes = [...el.querySelectorAll('g.bi-para-axis')];
    expect(axes.map((a) => a.querySelector('text')?.textContent)).toEqual(['count', 'sum__quantity', 'avg__price']);
    expect(axes[0].querySelectorAll('text').length).toBeGreaterThan(2);
    const lines = [...el.querySelectorAll<SVGPathElement>('path.bi-para-line')];
    expect(lines.length).toBe(3);
    expect(lines[1].getAttribute('tabindex')).toBe('0');
    expect(lines[1].getAttribute('aria-label')).toBe('Trains: count 300, sum__quantity 9k, avg__price 80, sum__revenue 700k');
    lines[1].dispatchEvent(new FocusEvent('focus'));
    expect(el.querySelector('.bi-tooltip')?.textContent).toBe('Trainscount: 300sum__quantity: 9kavg__price: 80sum__revenue: 700k');
    expect(lines.map((l) => l.getAttribute('stroke-opacity'))).toEqual(['0.1', '0.8', '0.1']);
    const rows = [...el.querySelectorAll<HTMLTableRowElement>('.bi-para-table tbody tr')];
    expect(rows.map((r) => r.textContent)).toEqual(['Classic Cars90027k170', 'Trains3009k80', 'Ships50015k110']);
    rows[2].dispatchEvent(new FocusEvent('focus'));
    expect(lines.map((l) => l.getAttribute('stroke-opacity'))).toEqual(['0.1', '0.1', '0.8']);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(paraPlugin, paraPlugin.transformProps(input(formData, result([], ['product_line', 'count']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
