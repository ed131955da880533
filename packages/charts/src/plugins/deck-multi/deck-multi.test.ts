/** deck_multi: its chart ids, the layers it loads through the host's API, and the map it composes of them. */
import { ScatterplotLayer } from '@deck.gl/layers';
import { ClientError, type ApiClient, type ChartDataFetcher, type FetchChartDataOptions, type QueryFormData } from '@lumen-bi/core';
import { describe, expect, it, vi } from 'vitest';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckProps } from '../deck-shared/types';
import { result } from '../svg-common/test-support';
import { buildDeckMultiQuery, deckSliceIds } from './build-query';
import { deckMultiPlugin } from './index';
import { layerFormData } from './layer-form-data';
import { flatLayers, multiSpec } from './layers';
import { loadDeckLayers } from './load-layers';
import { transformDeckMultiProps } from './transform-props';
import type { DeckMultiProps, DeckMultiResult } from './types';

const cityFilter = { clause: 'WHERE', subject: 'city', operator: '==', comparator: 'Paris', expressionType: 'SIMPLE' } as const;
const kindFilter = { clause: 'WHERE', subject: 'kind', operator: '==', comparator: 'cafe', expressionType: 'SIMPLE' } as const;
const multi = { datasource: '7__table', viz_type: 'deck_multi', deck_slices: [67, 73], adhoc_filters: [cityFilter], viewport: { longitude: 2, latitude: 48, zoom: 5 } } as unknown as QueryFormData;

/** Saved charts as GET /api/v1/chart/{id} answers them. */
const SAVED: Record<number, Record<string, unknown>> = {
  67: { slice_name: 'Places', viz_type: 'deck_scatter', datasource_id: 7, datasource_type: 'table', params: JSON.stringify({ spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' }, point_radius_fixed: { type: 'fix', value: 500 }, adhoc_filters: [kindFilter] }) },
  73: { slice_name: 'Routes', viz_type: 'deck_arc', datasource_id: 8, datasource_type: 'table', params: JSON.stringify({ start_spatial: { type: 'latlong', lonCol: 'o_lon', latCol: 'o_lat' }, end_spatial: { type: 'latlong', lonCol: 'd_lon', latCol: 'd_lat' } }) },
  80: { slice_name: 'Revenue', viz_type: 'pie', datasource_id: 2, datasource_type: 'table', params: '{}' },
};

const ROWS: Record<string, Array<Record<string, unknown>>> = {
  deck_scatter: [{ lon: 2.35, lat: 48.85 }, { lon: 'x', lat: 1 }],
  deck_arc: [{ o_lon: 2.35, o_lat: 48.85, d_lon: -0.12, d_lat: 51.5 }],
};

function fakeApi(): ApiClient & { get: ReturnType<typeof vi.fn> } {
  const get = vi.fn(async (path: string) => {
    const id = Number(/\/chart\/(\d+)$/.exec(path)?.[1]);
    if (!SAVED[id]) throw new ClientError({ kind: 'http', status: 404, message: 'Chart not found' });
    return { json: { result: SAVED[id] }, response: {} };
  });
  return { get } as unknown as ApiClient & { get: typeof get };
}

function fakeFetch(): ChartDataFetcher & { mock: { calls: [ApiClient, FetchChartDataOptions][] } } {
  return vi.fn(async (_api: ApiClient, options: FetchChartDataOptions) => [result(ROWS[options.formData.viz_type] ?? [])]) as never;
}

describe('deck_multi buildQuery', () => {
  it('reads deck_slices as chart ids, in order and once each; none or a non-id is a named error', () => {
    expect(deckSliceIds({ ...multi, deck_slices: [12, '14', 12] })).toEqual([12, 14]);
    expect(() => deckSliceIds({ ...multi, deck_slices: [] })).toThrow('pick at least one saved deck.gl chart');
    expect(() => deckSliceIds({ ...multi, deck_slices: ['map'] })).toThrow('deck.gl charts: "map" is not a chart id');
  });

  it('queries nothing itself: its query context names the datasource and has no queries', () => {
    const context = buildDeckMultiQuery(multi);
    expect(context.queries).toEqual([]);
    expect(context.datasource).toEqual({ id: 7, type: 'table' });
  });

  it("adds the multi chart's filters to each sub-chart's own and passes the dashboard's extra form data", () => {
    const extra = { filters: [{ col: 'kind', op: 'IN', val: ['bar'] }] };
    const fd = layerFormData({ viz_type: 'deck_scatter', datasource: '7__table', adhoc_filters: [kindFilter] } as never, { ...multi, extra_form_data: extra } as never);
    expect(fd.adhoc_filters).toEqual([kindFilter, cityFilter]);
    expect(fd.extra_form_data).toEqual(extra);
  });
});

describe('deck_multi loadData', () => {
  it("reads each sub-chart through the host's API and queries it with its own plugin's query, the multi's filters and the dashboard id", async () => {
    const api = fakeApi();
    const fetchData = fakeFetch();
    const results = await loadDeckLayers({ api, formData: multi, dashboardId: 4, force: false, fetchData });
    expect(api.get.mock.calls.map((c) => c[0])).toEqual(['/api/v1/chart/67', '/api/v1/chart/73']);
    const [scatterCall, arcCall] = fetchData.mock.calls.map((c) => c[1]);
    expect(scatterCall).toMatchObject({ dashboardId: 4, formData: { viz_type: 'deck_scatter', slice_id: 67, datasource: '7__table' } });
    expect(scatterCall.queryContext!.queries[0]).toMatchObject({ columns: ['lon', 'lat'] });
    expect(scatterCall.queryContext!.queries[0].filters).toEqual(expect.arrayContaining([{ col: 'kind', op: '==', val: 'cafe' }, { col: 'city', op: '==', val: 'Paris' }]));
    expect(arcCall.queryContext!.datasource).toEqual({ id: 8, type: 'table' });
    expect(results.map((r) => r.deck_layer?.sliceName)).toEqual(['Places', 'Routes']);
    expect(results[0].rowcount).toBe(2);
  });

  it('names an unknown, a non-deck and a failing sub-chart under the map instead of failing the chart', async () => {
    const fetchData = vi.fn(async () => [{ ...result([]), error: 'column "lon" does not exist' }]) as unknown as ChartDataFetcher;
    const results = await loadDeckLayers({ api: fakeApi(), formData: { ...multi, deck_slices: [999, 80, 67] }, force: false, fetchData });
    expect(results.map((r) => r.deck_layer_error)).toEqual([
      'Chart 999 skipped: no such chart',
      'Revenue (80) skipped: a pie chart is not a deck.gl layer',
      'Places (67) skipped: column "lon" does not exist',
    ]);
    expect(results.every((r) => !r.error)).toBe(true);
  });

  it('stops on an abort, as the host request would', async () => {
    const fetchData = vi.fn(async () => {
      throw new ClientError({ kind: 'abort', message: 'aborted' });
    }) as unknown as ChartDataFetcher;
    await expect(loadDeckLayers({ api: fakeApi(), formData: multi, force: false, fetchData })).rejects.toMatchObject({ kind: 'abort' });
  });

  it('is the plugin the hosts call instead of sending its own request', () => {
    expect(deckMultiPlugin.loadData).toBe(loadDeckLayers);
    expect(deckMultiPlugin.metadata).toMatchObject({ vizType: 'deck_multi', category: 'Map' });
    expect(deckMultiPlugin.metadata.thumbnail).toMatch(/^<svg /);
  });
});

const ROUTE = { sliceId: 73, sliceName: 'Routes', formData: { datasource: '8__table', viz_type: 'deck_arc', ...JSON.parse(SAVED[73].params as string) } as QueryFormData, queriesData: [result(ROWS.deck_arc)] };
const layersOf = (...sources: (typeof ROUTE)[]): DeckMultiResult[] => sources.map((deck_layer) => ({ ...result([]), rowcount: 1, deck_layer }));

describe('deck_multi transformProps', () => {
  it("makes each layer's props with its own plugin and form data, fits the map to all layers and reports skipped rows by layer", async () => {
    const queriesData = await loadDeckLayers({ api: fakeApi(), formData: { ...multi, deck_slices: [67, 73, 999] }, force: false, fetchData: fakeFetch() });
    const props = transformDeckMultiProps({ formData: multi, queriesData, width: 800, height: 500 });
    expect(props.layers.map((l) => [l.vizType, l.sliceName])).toEqual([['deck_scatter', 'Places'], ['deck_arc', 'Routes']]);
    expect((props.layers[0].props as unknown as { points: { position: number[] }[] }).points.map((p) => p.position)).toEqual([[2.35, 48.85]]);
    expect(props.fitBounds).toEqual([[-0.12, 48.85], [2.35, 51.5]]);
    expect(props.viewport).toMatchObject({ longitude: 2, latitude: 48, zoom: 5 });
    expect(props.skippedMessages).toEqual(['Places: 1 row skipped: non-numeric coordinates', 'Chart 999 skipped: no such chart']);
    expect(props.ariaLabel).toBe('Map of 2 layers: Places, Routes');
    expect(transformDeckMultiProps({ formData: { ...multi, autozoom: false }, queriesData, width: 800, height: 500 }).fitBounds).toBeNull();
  });

  it('drops a layer whose saved controls are invalid, naming it, and keeps the others', () => {
    const broken: DeckMultiResult = { ...result([]), deck_layer: { sliceId: 5, sliceName: 'Broken', formData: { datasource: '7__table', viz_type: 'deck_scatter' } as QueryFormData, queriesData: [result([])] } };
    const props = transformDeckMultiProps({ formData: multi, queriesData: [broken, ...layersOf(ROUTE)], width: 800, height: 500 });
    expect(props.layers.map((l) => l.sliceName)).toEqual(['Routes']);
    expect(props.skippedMessages).toEqual(['Broken (5) skipped: Longitude & Latitude cannot be empty']);
  });

  it('fails with every reason when no layer can be drawn (an error panel, not an empty map)', async () => {
    const queriesData = await loadDeckLayers({ api: fakeApi(), formData: { ...multi, deck_slices: [999, 80] }, force: false, fetchData: fakeFetch() });
    expect(() => transformDeckMultiProps({ formData: multi, queriesData, width: 800, height: 500 })).toThrow(
      'No layer can be drawn: Chart 999 skipped: no such chart; Revenue (80) skipped: a pie chart is not a deck.gl layer',
    );
  });

  it("gates on every layer's rows together", () => {
    const big = { ...layersOf(ROUTE)[0], rowcount: 60_000 };
    expect(transformDeckMultiProps({ formData: multi, queriesData: [big, big], width: 800, height: 500 }).gate.rowcount).toBe(120_000);
  });
});

describe('deck_multi layers', () => {
  const spec = (title: string): DeckChartSpec<DeckProps> => ({
    layers: (p) => [new ScatterplotLayer({ id: 'deck-scatter', data: (p as unknown as { points: unknown[] }).points }), null, [false]],
    tooltip: (_p, pick) => ({ title: `${title} ${pick.layerId}`, lines: [] }),
  });
  const props = { layers: [{ vizType: 'deck_scatter', sliceName: 'Places', props: { points: [1] } }, { vizType: 'deck_scatter', sliceName: 'Shops', props: { points: [2] } }] } as unknown as DeckMultiProps;

  it("draws each sub-chart's layers with ids made unique by position", () => {
    const layers = flatLayers(multiSpec({ deck_scatter: spec('scatter') }).layers(props));
    expect(layers.map((l) => l.id)).toEqual(['0/deck-scatter', '1/deck-scatter']);
    expect(layers.map((l) => l.props.data)).toEqual([[1], [2]]);
  });

  it("emits no cross filter, even over layers whose own type does (the incumbent's deck_multi has no InteractiveChart behaviour)", () => {
    const withCrossFilter: DeckChartSpec<DeckProps> = { ...spec('scatter'), crossFilter: () => ({ dataMask: {}, selected: [] }) as never };
    expect(multiSpec({ deck_scatter: withCrossFilter }).crossFilter).toBeUndefined();
    expect(deckMultiPlugin.metadata.behaviors).toEqual([]);
  });

  it("asks the hovered layer's own spec for the tooltip, titled with its chart", () => {
    const tip = multiSpec({ deck_scatter: spec('scatter') }).tooltip!(props, { object: {}, index: 0, layerId: '1/deck-scatter' });
    expect(tip?.title).toBe('Shops: scatter deck-scatter');
  });
});
