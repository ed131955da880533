import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../lists/test-support';
import { buildUri } from './database-form-model';
import { DatabaseModal } from './database-modal';

afterEach(cleanup);

const NETWORK = {
  properties: { host: { type: 'string' }, port: { type: 'integer' }, username: { type: 'string' }, password: { type: 'string' }, database: { type: 'string' } },
  required: ['database', 'host', 'port', 'username'],
};
const AVAILABLE = { databases: [{ engine: 'postgresql', name: 'PostgreSQL', parameters: NETWORK, sqlalchemy_uri_placeholder: 'postgresql://user:password@host:port/dbname' }] };
const missing = (fields: string[]) =>
  reply(422, {
    message: `One or more parameters are missing: ${fields.join(', ')}`,
    errors: [{ message: 'missing', error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR', level: 'error', extra: { missing: fields } }],
  });

function setup(routes: Record<string, (call: never) => unknown> = {}) {
  const server = createFakeServer({ 'GET /api/v1/database/available/': () => AVAILABLE, ...routes });
  const toasts = createToastStore();
  const onSaved = vi.fn();
  render(<DatabaseModal client={server.client} show toasts={toasts} onHide={() => undefined} onSaved={onSaved} />);
  return { server, toasts, onSaved };
}

describe('DatabaseModal', () => {
  it('marks each missing parameter with the required-field message', async () => {
    const { server } = setup({ 'POST /api/v1/database/validate_parameters/': () => missing(['host', 'port', 'username']) });
    fireEvent.change(await screen.findByLabelText('Supported databases'), { target: { value: 'postgresql' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'PostgreSQL' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Supported databases'), { target: { value: 'postgresql' } });
    fireEvent.change(screen.getByLabelText(/^Database name/), { target: { value: 'test' } });
    fireEvent.blur(screen.getByLabelText(/^Database name/));
    await waitFor(() => expect(screen.getAllByText('This is a required field')).toHaveLength(3));
    expect(screen.getByLabelText(/^Host/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Database name/).getAttribute('aria-invalid')).toBeNull();
    expect(server.find('POST', '/api/v1/database/validate_parameters/')[0].body).toMatchObject({ engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { database: 'test' } });
  });

  it("while typing ignores a closed port, but Connect shows it; a good test says 'Connection looks good!'", async () => {
    const portClosed = reply(422, { message: 'The port is closed.', errors: [{ message: 'The port is closed.', error_type: 'CONNECTION_PORT_CLOSED_ERROR', level: 'error', extra: { invalid: ['port'] } }] });
    const { toasts } = setup({ 'POST /api/v1/database/validate_parameters/': () => portClosed, 'POST /api/v1/database/test_connection/': () => ({ message: 'OK' }) });
    await screen.findByRole('option', { name: 'PostgreSQL' });
    fireEvent.change(screen.getByLabelText('Supported databases'), { target: { value: 'postgresql' } });
    fireEvent.blur(screen.getByLabelText(/^Port/));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('The port is closed.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('The port is closed.');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toEqual(['Connection looks good!']));
  });

  it("says 'ERROR: {details}' when the test fails, and saves a URI connection with its flags", async () => {
    const { toasts, server, onSaved } = setup({
      'POST /api/v1/database/test_connection/': () => reply(422, { message: 'password authentication failed', errors: [] }),
      'POST /api/v1/database/': () => reply(201, { id: 9, result: {} }),
    });
    await screen.findByRole('option', { name: 'PostgreSQL' });
    fireEvent.change(screen.getByLabelText('Supported databases'), { target: { value: 'postgresql' } });
    fireEvent.click(screen.getByRole('tab', { name: 'SQLAlchemy URI' }));
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'pg' } });
    fireEvent.change(screen.getByLabelText(/^SQLAlchemy URI/), { target: { value: 'postgresql://postgres@127.0.0.1:5432/test' } });
    fireEvent.click(screen.getByLabelText('Allow DML'));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toEqual(['ERROR: password authentication failed']));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
    expect(server.find('POST', '/api/v1/database/')[0].body).toMatchObject({ database_name: 'pg', sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:5432/test', allow_dml: true, expose_in_sqllab: true });
  });

  it('recommends a read-only database role once an engine is chosen', async () => {
    setup();
    await waitFor(() => expect(screen.getByRole('option', { name: 'PostgreSQL' })).toBeTruthy());
    expect(screen.queryByText(/read-only database role/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Supported databases'), { target: { value: 'postgresql' } });
    expect(screen.getByText(/Connect with a read-only database role/).textContent).toContain('never need to write');
  });

  it('builds URIs like the server', () => {
    expect(buildUri('postgresql', { host: 'db', port: 5432, username: 'me', password: 'p@ss', database: 'sales' }, false)).toBe('postgresql://me:p%40ss@db:5432/sales');
    expect(buildUri('duckdb', { database: '/tmp/x.duckdb' }, true)).toBe('duckdb:////tmp/x.duckdb');
  });
});
