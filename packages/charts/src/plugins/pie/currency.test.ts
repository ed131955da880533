import { describe, expect, it } from 'vitest';
import { mount } from '../svg-common/test-support';
import { piePlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const formData = { datasource: '22__table', viz_type: 'pie', groupby: ['product_line'], metric: 'revenue', label_type: 'key_value', number_format: '.3s', show_legend: false };
const data = [{ product_line: 'Cars', revenue: 10032628 }, { product_line: 'Ships', revenue: 5000000 }];

function props(currency_format?: unknown) {
  return piePlugin.transformProps({ formData: { ...formData, currency_format }, queriesData: [{ ...meta, data, rowcount: 2 }], width: 400, height: 300 });
}

describe('pie currency_format', () => {
  it('draws slice labels with the saved currency around the value', async () => {
    const { el, chart } = await mount(piePlugin, props({ symbol: 'USD', symbolPosition: 'prefix' }));
    const labels = [...el.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels).toContain('Cars: $ 10.0M');
    expect(labels).toContain('Ships: $ 5.00M');
    chart.destroy();
  });

  it('suffix puts the symbol after the number, in labels and the total', () => {
    const p = props({ symbol: 'EUR', symbolPosition: 'suffix' });
    expect(p.slices[0].label).toBe('Cars: 10.0M €');
    expect(p.formattedTotal).toBe('15.0M €');
    expect(props().slices[0].label).toBe('Cars: 10.0M');
  });
});
