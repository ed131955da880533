import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ALL_PERMISSIONS, createFakeServer, reply, type FakeCall } from '../lists/test-support';
import { fieldOfRlsError } from './rls-form';
import { RlsList } from './rls-list';

afterEach(cleanup);

const RLS = '/api/v1/rowlevelsecurity/';
const rules = () => [
  { id: 1, name: 'north only', filter_type: 'Regular', tables: [{ id: 3, schema: 'main', table_name: 'sales' }], roles: [{ id: 4, name: 'Gamma' }], group_key: 'region', clause: "region = 'North'", description: 'Sales team North' },
];

function rlsServer(overrides: Record<string, (call: FakeCall) => unknown> = {}) {
  return createFakeServer({
    [`GET ${RLS}_info`]: ALL_PERMISSIONS,
    [`GET ${RLS}`]: () => ({ count: 1, result: rules() }),
    [`GET ${RLS}related/tables`]: () => ({ count: 2, result: [{ value: 3, text: 'sales' }, { value: 5, text: 'births' }] }),
    [`GET ${RLS}related/roles`]: () => ({ count: 2, result: [{ value: 2, text: 'Alpha' }, { value: 4, text: 'Gamma' }] }),
    ...overrides,
  });
}
const dialog = () => within(screen.getByRole('dialog'));

describe('RlsList', () => {
  it('lists rules with filter type, datasets, roles, group key and clause', async () => {
    const server = rlsServer();
    render(<RlsList client={server.client} toasts={createToastStore()} />);
    const row = within((await screen.findByText('north only')).closest('tr')!);
    for (const text of ['Regular', 'main.sales', 'Gamma', 'region', "region = 'North'"]) expect(row.getByText(text)).toBeTruthy();
    expect(server.find('GET', RLS)[0].q).toMatchObject({ order_column: 'name', order_direction: 'asc' });
  });

  it('adds a Base rule through the modal, with datasets and roles picked from the server', async () => {
    const server = rlsServer({ [`POST ${RLS}`]: () => reply(201, { id: 2, result: {} }) });
    const toasts = createToastStore();
    render(<RlsList client={server.client} toasts={toasts} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Rule' }));
    fireEvent.change(dialog().getByLabelText(/^Name/), { target: { value: 'not east' } });
    fireEvent.change(dialog().getByLabelText(/^Filter type/), { target: { value: 'Base' } });
    fireEvent.focus(dialog().getByRole('combobox', { name: 'Datasets' }));
    fireEvent.click(await screen.findByRole('option', { name: 'births' }));
    fireEvent.focus(dialog().getByRole('combobox', { name: 'Roles' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alpha' }));
    fireEvent.change(dialog().getByLabelText(/^Group key/), { target: { value: 'region' } });
    fireEvent.change(dialog().getByLabelText(/^Clause/), { target: { value: "region <> 'East'" } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST', RLS)[0].body).toEqual({ name: 'not east', filter_type: 'Base', tables: [5], roles: [2], group_key: 'region', clause: "region <> 'East'", description: '' });
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Saved: not east');
  });

  it('shows a rejected clause on the clause field and keeps the dialog open', async () => {
    const bad = 'The clause is not valid for dataset sales (id 3): Referenced column "nope" not found';
    const server = rlsServer({ [`PUT ${RLS}1`]: () => reply(400, { message: bad, errors: [{ message: bad, error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error' }] }) });
    render(<RlsList client={server.client} toasts={createToastStore()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit north only' }));
    expect((dialog().getByLabelText(/^Clause/) as HTMLTextAreaElement).value).toBe("region = 'North'");
    fireEvent.change(dialog().getByLabelText(/^Clause/), { target: { value: 'nope = 1' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toBe(bad);
    expect(dialog().getByLabelText(/^Clause/).getAttribute('aria-describedby')).toBe(alert.id);
    expect(server.find('PUT', `${RLS}1`)[0].body).toMatchObject({ tables: [3], roles: [4], clause: 'nope = 1' });
  });

  it('deletes a rule after confirmation', async () => {
    const server = rlsServer({ [`DELETE ${RLS}1`]: () => ({ message: 'OK' }) });
    render(<RlsList client={server.client} toasts={createToastStore()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete north only' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.find('DELETE', `${RLS}1`)).toHaveLength(1));
  });
});

describe('fieldOfRlsError', () => {
  it('names the field a server message is about', () => {
    expect(fieldOfRlsError('The clause is not valid for dataset sales (id 3): x')).toBe('clause');
    expect(fieldOfRlsError("Field 'filter_type' must be one of Regular, Base, got 'Normal'")).toBe('filter_type');
    expect(fieldOfRlsError("A rule named 'x' already exists")).toBe('name');
    expect(fieldOfRlsError('Something else')).toBeNull();
  });
});
