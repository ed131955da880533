import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ChartList } from './chart-list';
import { DatasetList } from './dataset-list';
import { ALL_PERMISSIONS, chartRows, createFakeServer } from './test-support';

afterEach(cleanup);

/**
 * The server answers a list with the incumbent's list columns unless select_columns asks for others (issue
 * 19). These fakes answer the same way, so a page that renders a column it did not ask for shows nothing.
 */
function answer(row: Record<string, unknown>, defaults: string[], q: unknown): Record<string, unknown> {
  const selected = (q as { select_columns?: string[] } | undefined)?.select_columns ?? defaults;
  const heads = new Set(selected.map((c) => c.split('.')[0]));
  return Object.fromEntries(Object.entries(row).filter(([key]) => heads.has(key)));
}

const owner = { id: 3, first_name: 'Ada', last_name: 'Lovelace' };

describe('list pages ask for the columns they render', () => {
  it('the datasets list gets the certification the incumbent list leaves out', async () => {
    const dataset = {
      id: 1, table_name: 'sales', kind: 'physical', schema: 'main', database: { id: 2, database_name: 'examples' }, explore_url: '/explore/?datasource_id=1',
      owners: [owner], certified_by: 'Data team', certification_details: 'Checked', changed_on_delta_humanized: 'a day ago', changed_by: owner,
    };
    const incumbent = ['id', 'table_name', 'kind', 'schema', 'database', 'explore_url', 'owners', 'changed_on_delta_humanized', 'changed_by'];
    const { client } = createFakeServer({
      'GET /api/v1/dataset/_info': ALL_PERMISSIONS,
      'GET /api/v1/dataset/': (call) => ({ count: 1, result: [answer(dataset, incumbent, call.q)] }),
    });
    render(<DatasetList client={client} toasts={createToastStore()} />);
    expect(await screen.findByRole('img', { name: 'Certified by Data team' })).toBeTruthy();
    expect(screen.getByText('examples')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
  });

  it('the charts list asks only for what its cards and table show, not params or form_data', async () => {
    const { client, find } = createFakeServer({
      'GET /api/v1/chart/_info': ALL_PERMISSIONS,
      'GET /api/v1/chart/': () => ({ count: 1, result: chartRows(1) }),
      'GET /api/v1/chart/favorite_status/': () => ({ result: [] }),
    });
    render(<ChartList client={client} toasts={createToastStore()} />);
    await screen.findByText('Chart 1');
    const selected = (find('GET', '/api/v1/chart/')[0]!.q as { select_columns?: string[] }).select_columns;
    expect(selected).toContain('certified_by');
    expect(selected).toContain('dashboards.dashboard_title');
    expect(selected).not.toContain('params');
    expect(selected).not.toContain('form_data');
  });
});
