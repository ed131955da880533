import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { BASE_QUERY, mount, result } from '../svg-common/test-support';
import { layoutChords, ringArc } from './geometry';
import { chordPlugin } from './index';
import { layoutMatrix } from './transform-props';

// Slack Dashboard/Cross_Channel_Relationship.yaml
const metric = {
  aggregate: 'SUM', column: { column_name: 'cnt', description: null, expression: null, filterable: true, groupby: true, id: 1777, is_dttm: false, optionName: '_col_cnt', python_date_format: null, type: 'INT', verbose_name: null },
  expressionType: 'SIMPLE' as const, hasCustomLabel: false, isNew: false, label: 'SUM(cnt)', optionName: 'metric_i1djbl8i2y_2vdl690dkyu', sqlExpression: null,
};
const formData = {
  adhoc_filters: [], color_scheme: 'supersetColors', columns: 'channel_2', datasource: '59__table', groupby: 'channel_1', label_colors: {}, metric,
  queryFields: { columns: 'groupby', groupby: 'groupby', metric: 'metrics' }, row_limit: 1000, time_range: 'No filter', viz_type: 'chord', y_axis_format: 'SMART_NUMBER',
};
const server = result([
  { channel_1: 'general', channel_2: 'random', 'SUM(cnt)': 1200 },
  { channel_1: 'random', channel_2: 'general', 'SUM(cnt)': 800 },
  { channel_1: 'general', channel_2: 'dev', 'SUM(cnt)': 300 },
]);
const input = (fd: object = formData, queriesData = [server]) => ({ formData: fd as QueryFormData, queriesData, width: 600, height: 500 });

describe('chord', () => {
  it('buildQuery: source and target columns, the metric, as the incumbent queries them', () => {
    expect(chordPlugin.buildQuery(formData as never).queries).toEqual([{ ...BASE_QUERY, filters: [], time_range: 'No filter', columns: ['channel_1', 'channel_2'], metrics: [metric], row_limit: 1000 }]);
    expect(chordPlugin.buildQuery({ ...formData, groupby: ['channel_1'], sort_by_metric: true } as never).queries[0].orderby).toEqual([[metric, false]]);
    expect(() => chordPlugin.buildQuery({ ...formData, metric: null } as never)).toThrow('Metric cannot be empty');
    expect(() => chordPlugin.buildQuery({ ...formData, columns: [] } as never)).toThrow('Target cannot be empty');
  });

  it('transformProps: a node per value, the flow matrix, colours and the number format', () => {
    const props = chordPlugin.transformProps(input());
    expect(props.nodes).toEqual([{ name: 'general', color: '#1FA8C9' }, { name: 'random', color: '#454E7C' }, { name: 'dev', color: '#5AC189' }]);
    expect(props.flows).toEqual([[0, 1200, 300], [800, 0, 0], [0, 0, 0]]);
    // Not symmetric: the layout adds each pair's two directions, so 'dev', which only receives, has its arc.
    expect(props.matrix).toEqual([[0, 2000, 300], [2000, 0, 0], [300, 0, 0]]);
    expect(layoutMatrix([[0, 4], [4, 0]])).toEqual([[0, 4], [4, 0]]);
    expect(props.format(1200)).toBe('1.2k');
    expect(props.ariaLabel).toBe('Chord diagram of SUM(cnt) between channel_1 and channel_2: 3 groups');
    expect(() => chordPlugin.transformProps(input({ ...formData, columns: 'channel_3' }))).toThrow('Column "channel_3" is not in the query result');
  });

  it('geometry: one group per node, arcs clockwise from 12 o\'clock', () => {
    const layout = layoutChords([[0, 2000, 300], [2000, 0, 0], [300, 0, 0]]);
    expect(layout.groups.map((g) => g.value)).toEqual([2300, 2000, 300]);
    expect(layout).toHaveLength(2);
    expect(ringArc(90, 100, 0, Math.PI / 2)).toBe('M0.00,-100.00A100,100 0 0 1 100.00,-0.00L90.00,-0.00A90,90 0 0 0 0.00,-90.00Z');
  });

  it('render: arcs, ribbons and labels; a focused group fades the ribbons it is not part of', async () => {
    const { el, chart } = await mount(chordPlugin, chordPlugin.transformProps(input()));
    const groups = [...el.querySelectorAll<SVGPathElement>('path.bi-chord-group')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['general: 2.3k', 'random: 2k', 'dev: 300']);
    const ribbons = [...el.querySelectorAll<SVGPathElement>('path.bi-chord-ribbon')];
    expect(ribbons).toHaveLength(2);
    expect(ribbons.map((r) => r.querySelector('title')?.textContent)).toContain('general → random: 1.2k\nrandom → general: 800');
    expect([...el.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['general', 'random', 'dev']);
    groups[1].dispatchEvent(new FocusEvent('focus'));
    expect(ribbons.map((r) => r.getAttribute('opacity')).sort()).toEqual(['0.1', '1']);
    groups[1].dispatchEvent(new FocusEvent('blur'));
    expect(ribbons.map((r) => r.getAttribute('opacity'))).toEqual(['1', '1']);
    chart.destroy();
  });

  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(chordPlugin, chordPlugin.transformProps(input(formData, [result([], ['channel_1', 'channel_2', 'SUM(cnt)'])])));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
