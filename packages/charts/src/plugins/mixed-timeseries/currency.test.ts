import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { tooltipValue } from '../timeseries/render';
import { INCUMBENT_MIXED_FORM_DATA } from './incumbent-mixed.fixture';
import { mixedTimeseriesPlugin } from './index';
import { buildMixedUplotOptions } from './uplot-options';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const [jan, feb] = [Date.UTC(2003, 0, 1), Date.UTC(2003, 1, 1)];
const sales: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'SUM(sales)'], coltypes: [2, 0], rowcount: 2, columns: [[jan, feb], [10032628, 95000.5]] };
const counts: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'count'], coltypes: [2, 0], rowcount: 2, columns: [[jan, feb], [40, 31]] };

/** The example chart: A (SUM(sales)) on the secondary axis, B (count) on the primary one. */
function props(currencies: Partial<QueryFormData>) {
  return mixedTimeseriesPlugin.transformProps({ formData: { ...INCUMBENT_MIXED_FORM_DATA, y_axis_format_secondary: '.3s', ...currencies }, queriesData: [sales, counts], width: 600, height: 300 });
}

const ticks = (axis: uPlot.Axis, values: number[]) => (axis.values as (u: uPlot, s: number[]) => string[])({} as uPlot, values);

describe('mixed chart currency_format and currency_format_secondary', () => {
  it('each axis and its series take their own currency', () => {
    const p = props({ currency_format: { symbol: 'EUR', symbolPosition: 'suffix' }, currency_format_secondary: { symbol: 'USD', symbolPosition: 'prefix' } });
    const [, primary, secondary] = buildMixedUplotOptions(p, 600, 300).axes!;
    expect(ticks(secondary, [1e7])).toEqual(['$ 10.0M']);
    expect(ticks(primary, [40])).toEqual(['40 €']);
    const [salesSeries, countSeries] = p.series;
    expect(tooltipValue(p, salesSeries, 0)).toBe('$ 10.0M');
    expect(tooltipValue(p, countSeries, 0)).toBe('40 €');
  });

  it('an axis without a currency stays plain', () => {
    const p = props({ currency_format_secondary: { symbol: 'USD', symbolPosition: 'prefix' } });
    expect(tooltipValue(p, p.series[1], 0)).toBe('40');
    expect(ticks(buildMixedUplotOptions(p, 600, 300).axes![1], [40])).toEqual(['40']);
  });
});
