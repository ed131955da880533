import { describe, expect, it } from 'vitest';
import { mount } from '../svg-common/test-support';
import { piePlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
describe('pie', () => {
  const formData = { datasource: '22__table', viz_type: 'pie', groupby: ['product_line'], metric: 'count', row_limit: 100, sort_by_metric: true, color_scheme: 'supersetColors', show_labels_threshold: 5, label_type: 'key_percent', donut: true, innerRadius: 30, outerRadius: 70 };
  it('buildQuery orders by the metric', () => {
    expect(piePlugin.buildQuery(formData).queries[0].orderby).toEqual([['count', false]]);
  });
  it('transformProps: percentages, label threshold, colours', () => {
    const data = [{ product_line: 'Cars', count: 96 }, { product_line: 'Ships', count: 3 }, { product_line: null, count: 1 }];
    const p = piePlugin.transformProps({ formData, queriesData: [{ ...meta, data, rowcount: 3 }], width: 400, height: 300 });
    expect(p.slices).toEqual([
      { name: 'Cars', value: 96, percent: 0.96, color: '#1FA8C9', label: 'Cars: 96.00%' },
      { name: 'Ships', value: 3, percent: 0.03, color: '#454E7C', label: '' },
      { name: '<NULL>', value: 1, percent: 0.01, color: '#5AC189', label: '' },
    ]);
    expect(p.donut).toBe(true);
    expect(p.ariaLabel).toBe('Donut chart of count by product_line: Cars 96.00%, Ships 3.00%, <NULL> 1.00%');
  });
  it('draws outside labels inside the card with leader lines, a cut label keeping its full text as tooltip', async () => {
    const data = [{ product_line: 'Classic Cars of the Fifties and Sixties', count: 50 }, { product_line: 'Vintage Cars', count: 30 }, { product_line: 'Ships', count: 20 }];
    const p = piePlugin.transformProps({ formData: { ...formData, labels_outside: true }, queriesData: [{ ...meta, data, rowcount: 3 }], width: 220, height: 200 });
    const { el, chart } = await mount(piePlugin, { ...p, showLegend: false });
    const labels = [...el.querySelectorAll('text.bi-pie-label')];
    expect(labels.length).toBeGreaterThan(0);
    expect(el.querySelectorAll('line.bi-pie-leader')).toHaveLength(labels.length);
    const cut = labels.find((t) => t.firstChild!.textContent!.endsWith('…'));
    expect(cut?.querySelector('title')?.textContent).toBe('Classic Cars of the Fifties and Sixties: 50.00%');
    for (const t of labels) {
      const x = Number(t.getAttribute('x'));
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(220);
    }
    chart.destroy();
  });
});
