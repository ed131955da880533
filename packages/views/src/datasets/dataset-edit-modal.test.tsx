import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../lists/test-support';
import { DatasetEditModal } from './dataset-edit-modal';
import { datasetPayload, withExtra } from './dataset-payload';
import type { DatasetDetail } from './dataset-types';

afterEach(cleanup);

const dataset = (over: Partial<DatasetDetail> = {}): DatasetDetail => ({
  id: 7,
  table_name: 'orders_v',
  database: { id: 1, database_name: 'examples' },
  schema: 'main',
  sql: 'SELECT * FROM orders',
  kind: 'virtual',
  cache_timeout: null,
  owners: [{ id: 1, first_name: 'Ada' }],
  metrics: [{ id: 11, metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'Count' }],
  columns: [
    { id: 21, column_name: 'ds', type: 'TIMESTAMP', is_dttm: true, expression: null },
    { id: 22, column_name: 'amount', type: 'DOUBLE', expression: null },
  ],
  ...over,
});

function setup(detail: DatasetDetail, put: () => unknown = () => ({ id: 7, result: {} })) {
  const server = createFakeServer({ 'GET /api/v1/dataset/7': () => ({ id: 7, result: detail }), 'PUT /api/v1/dataset/7': put });
  const toasts = createToastStore();
  const onSaved = vi.fn();
  const onHide = vi.fn();
  render(<DatasetEditModal client={server.client} datasetId={7} toasts={toasts} onHide={onHide} onSaved={onSaved} />);
  const save = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm save' })).getByRole('button', { name: 'OK' }));
  };
  return { server, toasts, onSaved, onHide, save };
}

describe('DatasetEditModal', () => {
  it('adds a metric, confirms, PUTs without override_columns, refetches and says so', async () => {
    const { server, toasts, onSaved, onHide, save } = setup(dataset());
    await screen.findByLabelText('Dataset name');
    fireEvent.click(screen.getByRole('tab', { name: 'Metrics' }));
    fireEvent.click(screen.getByRole('button', { name: '+ Add item' }));
    // Invalid until named and given an expression: Save is disabled.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Metric key of metric 2'), { target: { value: 'revenue' } });
    fireEvent.change(screen.getByLabelText('SQL expression of revenue'), { target: { value: 'SUM(amount)' } });
    fireEvent.change(screen.getByLabelText('Certified by'), { target: { value: 'Finance' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = server.find('PUT', '/api/v1/dataset/7')[0];
    expect(put.query.get('override_columns')).toBe('false');
    const body = put.body as { metrics: Record<string, unknown>[]; owners: number[]; cache_timeout: unknown };
    expect(body.owners).toEqual([1]);
    expect(body.cache_timeout).toBeNull();
    expect(body.metrics[0]).toMatchObject({ id: 11, metric_name: 'count' });
    expect(body.metrics[1]).not.toHaveProperty('id');
    expect(body.metrics[1]).toMatchObject({ metric_name: 'revenue', expression: 'SUM(amount)', extra: JSON.stringify({ certification: { certified_by: 'Finance', details: null } }) });
    expect(server.find('GET', '/api/v1/dataset/7')).toHaveLength(2);
    expect(toasts.toasts.value.map((t) => t.text)).toEqual(['The dataset has been saved']);
    expect(onHide).toHaveBeenCalled();
  });

  it('sends override_columns=true when the SQL changed', async () => {
    const { server, onSaved, save } = setup(dataset());
    fireEvent.change(await screen.findByLabelText('SQL'), { target: { value: 'SELECT id, amount FROM orders' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.find('PUT', '/api/v1/dataset/7')[0].query.get('override_columns')).toBe('true');
  });

  it('blocks saving an externally managed dataset', async () => {
    setup(dataset({ is_managed_externally: true }));
    await screen.findByText(/managed externally/);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Dataset name') as HTMLInputElement).disabled).toBe(true);
  });

  it("shows 'Error saving dataset' when the PUT fails", async () => {
    const { save, onSaved } = setup(dataset(), () => reply(422, { message: 'Dataset main.orders_v already exists' }));
    await screen.findByLabelText('Dataset name');
    save();
    const dialog = await screen.findByRole('dialog', { name: 'Error saving dataset' });
    expect(dialog.textContent).toContain('Dataset main.orders_v already exists');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('dataset payload', () => {
  it('sends an empty cache timeout as null and keeps certification only with a certifier', () => {
    expect(datasetPayload(dataset({ cache_timeout: '' })).cache_timeout).toBeNull();
    expect(datasetPayload(dataset({ cache_timeout: '60' })).cache_timeout).toBe(60);
    expect(withExtra('{"certification":{"certified_by":"A","details":"d"},"x":1}', { certified_by: '' })).toBe('{"x":1}');
    expect(withExtra(null, { warning_markdown: 'careful' })).toBe('{"warning_markdown":"careful"}');
  });
});
