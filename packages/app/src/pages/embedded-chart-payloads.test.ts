import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { ClientError, type ApiClient, type ChartDataFetcher, type FetchChartDataOptions, type QueryFormData } from '@lumen-bi/core';
import { describe, expect, it, vi } from 'vitest';
import { chartDataPayloads } from './embedded-chart-payloads';

/**
 * getChartDataPayloads of the embedded dashboard: a plain chart answers its own query's results; a
 * deck_multi chart answers one result per sub-chart, each naming its sub-chart, a skipped one by reason.
 */
const SAVED: Record<number, Record<string, unknown>> = {
  67: { slice_name: 'Places', viz_type: 'deck_scatter', datasource_id: 7, datasource_type: 'table', params: JSON.stringify({ spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } }) },
};
const FORM_DATA: Record<number, QueryFormData> = {
  12: { datasource: '7__table', viz_type: 'deck_multi', deck_slices: [67, 99], adhoc_filters: [] } as unknown as QueryFormData,
  13: { datasource: '7__table', viz_type: 'big_number_total', metric: 'count' } as unknown as QueryFormData,
};

const api = {
  get: vi.fn(async (path: string) => {
    const id = Number(/\/chart\/(\d+)$/.exec(path)?.[1]);
    if (!SAVED[id]) throw new ClientError({ kind: 'http', status: 404, message: 'Chart not found' });
    return { json: { result: SAVED[id] }, response: {} };
  }),
} as unknown as ApiClient;

const result = (data: Record<string, unknown>[]) => ({ cache_key: null, cached_dttm: null, is_cached: false, query: '', data, colnames: Object.keys(data[0] ?? {}), rowcount: data.length });
const fetchData = vi.fn(async (_api: ApiClient, options: FetchChartDataOptions) =>
  options.formData.viz_type === 'deck_scatter' ? [result([{ lon: 2.35, lat: 48.85 }])] : [result([{ count: 120 }])],
) as unknown as ChartDataFetcher;

describe('the embedded dashboard’s chart data payloads', () => {
  it('answers a deck_multi chart with its sub-charts’ payloads, each naming its sub-chart', async () => {
    const registry = registerBuiltInCharts(createChartRegistry());
    const payloads = await chartDataPayloads({ registry, api, formDataOf: (id) => FORM_DATA[id], dashboardId: 4, fetchData }, [12, 13, 14]);
    const [places, missing] = payloads['12'] as Array<{ deck_layer?: { sliceId: number; sliceName: string; queriesData: { data: unknown[] }[] }; deck_layer_error?: string }>;
    expect(places!.deck_layer).toMatchObject({ sliceId: 67, sliceName: 'Places' });
    expect(places!.deck_layer!.queriesData[0]!.data).toEqual([{ lon: 2.35, lat: 48.85 }]);
    expect(missing!.deck_layer_error).toBe('Chart 99 skipped: no such chart');
    expect((payloads['13'] as { data: unknown[] }[])[0]!.data).toEqual([{ count: 120 }]);
    expect(payloads['14']).toBeNull();
    // The sub-chart's query went out with the dashboard's id, as the dashboard's own requests do.
    const scatterCall = (fetchData as unknown as { mock: { calls: [ApiClient, FetchChartDataOptions][] } }).mock.calls.find(([, o]) => o.formData.viz_type === 'deck_scatter');
    expect(scatterCall![1].dashboardId).toBe(4);
  });
});
