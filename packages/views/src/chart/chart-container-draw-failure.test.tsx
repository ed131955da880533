/**
 * A chart whose code cannot be loaded must end failed, shown and reported (onStateChange: the elements turn
 * it into their error event), never a spinner for ever: the viz type's plugin chunk refused by the network,
 * or a drawing chunk the plugin imports on its first draw (the deck.gl charts) refused after render().
 */
import { createChartRegistry, registerBuiltInCharts, RENDERED_EVENT, type ChartPlugin } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../explore/test-support';
import { ChartContainer, type ChartContainerState } from './chart-container';

const CHUNK_ERROR = 'Failed to fetch dynamically imported module: /chunks/deck-family.js';

vi.mock('@lumen-bi/charts', async (importOriginal) => {
  const charts = await importOriginal<typeof import('@lumen-bi/charts')>();
  // Only the deck types' chunk is refused; every other type loads as built.
  return { ...charts, loadChartPlugin: (registry: never, vizType: string) => (vizType.startsWith('deck_') ? Promise.reject(new Error(CHUNK_ERROR)) : charts.loadChartPlugin(registry, vizType)) };
});

afterEach(cleanup);

const META = { is_cached: false, cached_dttm: null, cache_key: 'k', query: 'SELECT', rowcount: 1, colnames: ['gender'], coltypes: [1] };
const server = () => createFakeServer({ 'POST /api/v1/chart/data': () => ({ result: [{ ...META, data: [{ gender: 'boy' }] }] }) });

describe('ChartContainer when chart code cannot be loaded', () => {
  it("fails with the download error when the viz type's plugin chunk is refused", async () => {
    const formData: QueryFormData = { datasource: '1__table', viz_type: 'deck_scatter', spatial: { type: 'latlong', latCol: 'lat', lonCol: 'lon' } };
    const states: ChartContainerState[] = [];
    render(<ChartContainer api={server().client} registry={createChartRegistry()} formData={formData} onStateChange={(s) => states.push(s)} />);
    await waitFor(() => expect(states.at(-1)?.status).toBe('failed'));
    expect(String(states.at(-1)?.error)).toContain(CHUNK_ERROR);
    expect(screen.getByRole('alert').textContent).toContain(CHUNK_ERROR);
  });

  it('fails with the error a chart reports after render() returned (its drawing chunk refused)', async () => {
    const table = registerBuiltInCharts(createChartRegistry()).get('table');
    // A plugin that, like the deck charts, imports its drawing code on first draw, and is refused it.
    const lateFailure: ChartPlugin = {
      ...table,
      render(element) {
        queueMicrotask(() => element.dispatchEvent(new CustomEvent(RENDERED_EVENT, { bubbles: true, detail: { error: new Error("The map's drawing code could not be loaded") } })));
        return { update() {}, resize() {}, destroy() {} };
      },
    };
    const registry = createChartRegistry().register(lateFailure);
    const states: ChartContainerState[] = [];
    render(<ChartContainer api={server().client} registry={registry} formData={{ datasource: '1__table', viz_type: 'table', groupby: ['gender'] }} onStateChange={(s) => states.push(s)} />);
    await waitFor(() => expect(states.at(-1)?.status).toBe('failed'));
    expect(states.map((s) => s.status)).not.toContain('rendered');
    expect(screen.getByRole('alert').textContent).toContain("The map's drawing code could not be loaded");
    expect(document.querySelector('.bi-chart-container')?.getAttribute('data-chart-status')).toBe('failed');
  });
});
