/**
 * A fresh chart asks for what it needs instead of sending a query the server refuses (issue 16: a red
 * 'invalid schema' error as soon as a dataset was picked).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUIRED_CONTROLS_TITLE } from './chart-area';
import { createExploreStore } from './explore-store';
import { ExploreView } from './explore-view';
import { baseRoutes, createFakeServer, newRegistry } from './test-support';

afterEach(cleanup);

describe('a chart without metrics or columns', () => {
  it('is not queried: the store lists the controls to fill', async () => {
    const { client, calls } = createFakeServer(baseRoutes());
    const store = createExploreStore({ client, registry: newRegistry(), persistFormData: false });
    await store.load({ kind: 'datasource', datasource: '1__table', vizType: 'table' });
    expect(store.validationErrors.value).toEqual({});
    expect(store.missingControls.value).toEqual(['Dimensions', 'Metrics', 'Percentage metrics']);
    expect(store.canRun.value).toBe(false);
    expect(calls.some((c) => c.path === '/api/v1/chart/data')).toBe(false);
    store.setControl('query_mode', 'raw');
    expect(store.missingControls.value).toEqual([]);
    store.setControl('all_columns', ['name']);
    expect(store.missingControls.value).toBeNull();
    expect(store.canRun.value).toBe(true);
  });

  it('never holds back a chart that loads its own data (deck_multi queries nothing itself)', async () => {
    const { client } = createFakeServer(baseRoutes());
    const store = createExploreStore({ client, registry: newRegistry(), persistFormData: false });
    await store.load({ kind: 'datasource', datasource: '1__table', vizType: 'deck_multi' });
    expect(Object.keys(store.validationErrors.value)).toEqual(['deck_slices']);
    expect(store.canRun.value).toBe(false);
    store.setControl('deck_slices', [3]);
    expect(store.missingControls.value).toBeNull();
    expect(store.canRun.value).toBe(true);
  });

  it('shows the incumbent prompt in the chart area, never an error panel', async () => {
    const server = createFakeServer(baseRoutes());
    render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search="?datasource_type=table&datasource_id=1&viz_type=table" />);
    const prompt = await screen.findByText(REQUIRED_CONTROLS_TITLE);
    expect(prompt.closest('[role="status"]')?.textContent).toContain('Add a value to at least one of: Dimensions, Metrics, Percentage metrics.');
    expect(document.querySelector('.bi-error-panel')).toBeNull();
    expect(server.calls.some((c) => c.path === '/api/v1/chart/data')).toBe(false);
  });

  it('asks to fill the highlighted fields when a control is invalid', async () => {
    const server = createFakeServer(baseRoutes());
    render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search="?datasource_type=table&datasource_id=1&viz_type=echarts_timeseries_line" />);
    const prompt = await screen.findByText(REQUIRED_CONTROLS_TITLE);
    expect(prompt.closest('[role="status"]')?.textContent).toContain('Select values in highlighted field(s) in the control panel.');
  });
});
