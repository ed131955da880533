import type { ChartPlugin } from '@lumen-bi/charts';
import type { ApiClient, ChartDataResponseResult, FetchChartDataOptions, QueryFormData } from '@lumen-bi/core';
import { describe, expect, it, vi } from 'vitest';
import { loadChartData } from './load-chart-data';

const api = { get: vi.fn() } as unknown as ApiClient;
const formData = { datasource: '1__table', viz_type: 'x' } as QueryFormData;
const answer: ChartDataResponseResult[] = [{ cache_key: null, cached_dttm: null, is_cached: false, query: '', data: [{ a: 1 }] }];

describe('loadChartData', () => {
  it("sends the plugin's request through the host's fetcher", async () => {
    const fetchData = vi.fn(async () => answer);
    const request: FetchChartDataOptions = { formData, queryContext: { datasource: { id: 1, type: 'table' }, queries: [] } as never, dashboardId: 3 };
    expect(await loadChartData({} as ChartPlugin, api, request, fetchData)).toBe(answer);
    expect(fetchData).toHaveBeenCalledWith(api, request);
  });

  it('hands a plugin that loads its own data the host API client, fetcher, dashboard, force and signal', async () => {
    const loadData = vi.fn(async () => answer);
    const fetchData = vi.fn();
    const signal = new AbortController().signal;
    const result = await loadChartData({ loadData } as unknown as ChartPlugin, api, { formData, dashboardId: 3, force: true, signal }, fetchData);
    expect(result).toBe(answer);
    expect(loadData).toHaveBeenCalledWith({ api, formData, dashboardId: 3, force: true, signal, fetchData });
    expect(fetchData).not.toHaveBeenCalled();
  });
});
