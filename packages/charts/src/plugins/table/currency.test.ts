import type { ChartDataResponseResult } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { RENDERED_EVENT } from '../../shared/mount';
import { tablePlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const result: ChartDataResponseResult = { ...meta, colnames: ['product_line', 'revenue'], coltypes: [1, 0], data: [{ product_line: 'Cars', revenue: 10032628 }], rowcount: 1 };
const formData = { datasource: '22__table', viz_type: 'table', query_mode: 'aggregate' as const, groupby: ['product_line'], metrics: ['revenue'] };

async function cells(column_config: Record<string, unknown>): Promise<string[]> {
  const el = document.createElement('div');
  document.body.append(el);
  const rendered = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
  const chart = tablePlugin.render(el, tablePlugin.transformProps({ formData: { ...formData, column_config }, queriesData: [result], width: 600, height: 300 }));
  await rendered;
  const text = [...el.querySelectorAll('tbody td')].map((td) => td.textContent ?? '');
  chart.destroy();
  el.remove();
  return text;
}

describe('table metric currency (column_config currencyFormat, as the incumbent saves it per column)', () => {
  it('draws the metric cell with the currency around its number format', async () => {
    expect(await cells({ revenue: { d3NumberFormat: '.3s', currencyFormat: { symbol: 'USD', symbolPosition: 'prefix' } } })).toEqual(['Cars', '$ 10.0M']);
    expect(await cells({ revenue: { currencyFormat: { symbol: 'EUR', symbolPosition: 'suffix' } } })).toEqual(['Cars', '10M €']);
  });

  it('a cleared currency ({}) leaves the plain number', async () => {
    expect(await cells({ revenue: { d3NumberFormat: '.3s', currencyFormat: {} } })).toEqual(['Cars', '10.0M']);
  });
});
