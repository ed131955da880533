import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { funnelPlugin } from './index';
import { funnelLabel } from './transform-props';

// Featured Charts/Funnel.yaml
const formData = { datasource: '22__table', viz_type: 'funnel', groupby: ['status'], metric: 'count', adhoc_filters: NO_FILTER, row_limit: 10, sort_by_metric: true, percent_calculation_type: 'first_step', color_scheme: 'supersetColors', show_legend: true, legendOrientation: 'top', legendMargin: 50, tooltip_label_type: 5, number_format: 'SMART_NUMBER', show_labels: true, show_tooltip_labels: true, extra_form_data: {} };
const server = result([{ status: 'Shipped', count: 2000 }, { status: 'Resolved', count: 500 }, { status: 'Cancelled', count: 100 }]);

describe('funnel', () => {
  it('buildQuery: ordered by the metric', () => {
    expect(funnelPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['status'], metrics: ['count'], orderby: [['count', false]], row_limit: 10 }]);
  });
  it('transformProps: percentages from the first step, labels and tooltips', () => {
    expect(funnelPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 })).toEqual({
      width: 400,
      height: 300,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 3, rowState: 'ok', blocked: false },
      ariaLabel: 'Funnel chart of count by status: Shipped 2k, Resolved 500, Cancelled 100',
      steps: [
        { name: 'Shipped', value: 2000, percent: 1, color: '#1FA8C9', label: 'Shipped', tooltip: 'Shipped: 2k (100.00%)' },
        { name: 'Resolved', value: 500, percent: 0.25, color: '#454E7C', label: 'Resolved', tooltip: 'Resolved: 500 (25.00%)' },
        { name: 'Cancelled', value: 100, percent: 0.05, color: '#5AC189', label: 'Cancelled', tooltip: 'Cancelled: 100 (5.00%)' },
      ],
      showLegend: true,
      crossFilterColumn: 'status',
      stepValues: ['Shipped', 'Resolved', 'Cancelled'],
    });
    const prev = funnelPlugin.transformProps({ formData: { ...formData, percent_calculation_type: 'prev_step', label_type: 'key_percent' }, queriesData: [server], width: 1, height: 1 });
    expect(prev.steps.map((s) => s.label)).toEqual(['Shipped: 100.00%', 'Resolved: 25.00%', 'Cancelled: 20.00%']);
    expect(funnelLabel(6, 'k', '1', '2%')).toBe('1 (2%)');
  });
  it('render: one trapezoid per step with labels', async () => {
    const { el, chart } = await mount(funnelPlugin, funnelPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 }));
    expect(el.querySelectorAll('path.bi-funnel-step').length).toBe(3);
    expect([...el.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['Shipped', 'Resolved', 'Cancelled']);
    expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe('Funnel chart of count by status: Shipped 2k, Resolved 500, Cancelled 100');
    expect(el.querySelectorAll('[data-cross-filter]').length).toBe(0);
    chart.destroy();
  });
  it('render: steps are cross-filter toggles on a dashboard, Ctrl adds to the selection, the host selection is shown', async () => {
    const selections: unknown[] = [];
    const props = { ...funnelPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 }), onCrossFilter: (s: unknown) => selections.push(s), crossFilterValues: ['Resolved'] };
    const { el, chart } = await mount(funnelPlugin, props);
    const steps = () => [...el.querySelectorAll<SVGPathElement>('path.bi-funnel-step')];
    expect(steps().map((s) => s.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(steps().map((s) => s.getAttribute('opacity'))).toEqual(['0.3', '1', '0.3']);
    steps()[0].dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    expect(selections).toEqual([{ column: 'status', values: ['Resolved', 'Shipped'] }]);
    steps()[2].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(selections[1]).toEqual({ column: 'status', values: ['Cancelled'] });
    // Two groupby columns: a step is a combination, nothing to cross filter on.
    const two = funnelPlugin.transformProps({ formData: { ...formData, groupby: ['status', 'deal_size'] }, queriesData: [result([{ status: 'Shipped', deal_size: 'Small', count: 2000 }])], width: 400, height: 300 });
    expect(two.crossFilterColumn).toBeNull();
    chart.destroy();
  });
});
