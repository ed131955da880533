import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { lineChartPlugin } from './index';
import { buildUplotOptions, tooltipValue } from './render';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const fd = { datasource: '22__table', viz_type: 'echarts_timeseries_line', x_axis: 'order_date', metrics: ['revenue'], groupby: [], y_axis_format: '.3s' };
const data = [{ order_date: Date.UTC(2003, 0, 1), revenue: 10032628 }, { order_date: Date.UTC(2003, 1, 1), revenue: 2500000 }];

function props(currency_format?: unknown) {
  return lineChartPlugin.transformProps({ formData: { ...fd, currency_format }, queriesData: [{ ...meta, colnames: ['order_date', 'revenue'], coltypes: [2, 0], data }], width: 600, height: 300 });
}

/** The y axis tick texts for `ticks`, as uPlot would ask for them. */
function yTicks(p: ReturnType<typeof props>, ticks: number[]): string[] {
  const axis = buildUplotOptions(p, 600, 300).axes![1];
  return (axis.values as (u: uPlot, s: number[]) => string[])({} as uPlot, ticks);
}

describe('time-series currency_format', () => {
  it('puts the saved currency before the y-axis ticks and tooltip values', () => {
    const p = props({ symbol: 'USD', symbolPosition: 'prefix' });
    expect(yTicks(p, [0, 5e6, 1e7])).toEqual(['$ 0.00', '$ 5.00M', '$ 10.0M']);
    expect(tooltipValue(p, p.series[0], 0)).toBe('$ 10.0M');
  });

  it('after the number for suffix; plain numbers without a currency', () => {
    const euro = props({ symbol: 'EUR', symbolPosition: 'suffix' });
    expect(tooltipValue(euro, euro.series[0], 1)).toBe('2.50M €');
    const plain = props();
    expect(yTicks(plain, [1e7])).toEqual(['10.0M']);
    expect(tooltipValue(plain, plain.series[0], 0)).toBe('10.0M');
  });

  it("a series with its own format (a mixed chart's secondary axis) keeps it without the primary currency", () => {
    const p = props({ symbol: 'USD', symbolPosition: 'prefix' });
    expect(tooltipValue(p, { format: ',.0f', values: [1234] }, 0)).toBe('1,234');
  });
});
