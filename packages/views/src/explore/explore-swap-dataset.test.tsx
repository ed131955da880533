import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { SWAP_SUCCESS_MESSAGE } from '../datasets/swap-dataset-modal';
import { ExploreView } from './explore-view';
import { baseRoutes, BIRTH_NAMES, createFakeServer, newRegistry } from './test-support';

afterEach(cleanup);

// A chart with a metric runs at once (an empty one waits for controls), so its state is kept for the address.
const TABLE_WITH_METRIC = `?form_data=${encodeURIComponent(JSON.stringify({ datasource: '1__table', viz_type: 'table', metrics: ['count'] }))}`;

const OTHER = { ...BIRTH_NAMES, id: 2, uid: '2__table', name: 'births_2024', table_name: 'births_2024' };

describe('Explore: Swap dataset', () => {
  it('re-points the form data at the picked dataset and says so', async () => {
    const server = createFakeServer(
      baseRoutes({
        'GET /superset/fetch_datasource_metadata': (call) => (call.url.includes('datasourceKey=2__table') ? OTHER : BIRTH_NAMES),
        'GET /api/v1/dataset/': () => ({ count: 2, result: [{ id: 1, table_name: 'birth_names', kind: 'physical' }, { id: 2, table_name: 'births_2024', kind: 'physical' }] }),
      }),
    );
    const toasts = createToastStore();
    let url = '';
    render(
      <ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search={TABLE_WITH_METRIC} toasts={toasts} onUrlChange={(next) => (url = next)} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Swap dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap dataset' });
    fireEvent.click(await screen.findByText('births_2024'));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toContain(SWAP_SUCCESS_MESSAGE));
    expect(dialog.isConnected).toBe(false);
    expect(server.calls.some((c) => c.path === '/superset/fetch_datasource_metadata' && c.url.includes('datasourceKey=2__table'))).toBe(true);
    // The explore state saved for the address now names the new dataset, with the controls kept.
    await waitFor(() => {
      const saved = server.calls.filter((c) => c.path.startsWith('/api/v1/explore/form_data')).map((c) => c.body as { datasource_id: number; form_data: string });
      const last = saved[saved.length - 1]!;
      expect(last.datasource_id).toBe(2);
      expect(JSON.parse(last.form_data)).toMatchObject({ datasource: '2__table', viz_type: 'table', metrics: ['count'] });
    });
    expect(url).toBe('/explore/?form_data_key=fdkey');
  });
});
