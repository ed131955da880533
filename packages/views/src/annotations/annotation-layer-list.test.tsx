import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ALL_PERMISSIONS, createFakeServer, reply, type FakeCall } from '../lists/test-support';
import { AnnotationLayerList } from './annotation-layer-list';

afterEach(cleanup);

const LAYERS = '/api/v1/annotation_layer/';
const layers = () => [
  { id: 1, name: 'Releases', descr: 'Product releases', created_by: { first_name: 'Ada', last_name: 'Admin' }, changed_on_delta_humanized: 'a day ago' },
  { id: 2, name: 'Incidents', descr: null, created_by: null, changed_on_delta_humanized: '2 days ago' },
];

function layerServer(overrides: Record<string, (call: FakeCall) => unknown> = {}) {
  return createFakeServer({
    [`GET ${LAYERS}_info`]: ALL_PERMISSIONS,
    [`GET ${LAYERS}`]: () => ({ count: 2, result: layers() }),
    [`GET ${LAYERS}related/created_by`]: () => ({ count: 1, result: [{ value: 1, text: 'Ada Admin' }] }),
    ...overrides,
  });
}
const dialog = () => within(screen.getByRole('dialog'));

describe('AnnotationLayerList', () => {
  it('lists layers with their description and creator, each linking to its annotations', async () => {
    const server = layerServer();
    render(<AnnotationLayerList client={server.client} toasts={createToastStore()} />);
    const link = await screen.findByRole('link', { name: 'Releases' });
    expect(link.getAttribute('href')).toBe('/annotationlayer/1/annotation/');
    const row = within(link.closest('tr')!);
    for (const text of ['Product releases', 'Ada Admin', 'a day ago']) expect(row.getByText(text)).toBeTruthy();
    expect(server.find('GET', LAYERS)[0]!.q).toMatchObject({ order_column: 'name', order_direction: 'asc' });
  });

  it('adds a layer through the + Annotation Layer modal', async () => {
    const server = layerServer({ [`POST ${LAYERS}`]: () => reply(201, { id: 3, result: {} }) });
    const toasts = createToastStore();
    render(<AnnotationLayerList client={server.client} toasts={toasts} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Annotation Layer' }));
    fireEvent.change(dialog().getByLabelText(/^Annotation layer name/), { target: { value: ' Campaigns ' } });
    fireEvent.change(dialog().getByLabelText(/^Description/), { target: { value: 'Marketing' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST', LAYERS)[0]!.body).toEqual({ name: 'Campaigns', descr: 'Marketing' });
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Saved: Campaigns');
    await waitFor(() => expect(server.find('GET', LAYERS).length).toBeGreaterThan(1));
  });

  it("shows the server's 'Name must be unique' under the name and keeps the dialog open", async () => {
    const server = layerServer({ [`PUT ${LAYERS}2`]: () => reply(422, { message: { name: ['Name must be unique'] }, errors: [{ message: 'name: Name must be unique', error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }] }) });
    render(<AnnotationLayerList client={server.client} toasts={createToastStore()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Incidents' }));
    const name = dialog().getByLabelText(/^Annotation layer name/) as HTMLInputElement;
    expect(name.value).toBe('Incidents');
    fireEvent.change(name, { target: { value: 'Releases' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toBe('Name must be unique');
    expect(name.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('refuses an empty name without asking the server', async () => {
    const server = layerServer();
    render(<AnnotationLayerList client={server.client} toasts={createToastStore()} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Annotation Layer' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Name is required');
    expect(server.find('POST', LAYERS)).toHaveLength(0);
    // Typing the name takes the refusal away.
    fireEvent.change(dialog().getByLabelText(/^Annotation layer name/), { target: { value: 'Releases' } });
    expect(dialog().queryAllByRole('alert')).toHaveLength(0);
  });

  it("deletes a layer after confirmation and says why the server refused one", async () => {
    const refused = 'Annotation layer has associated annotations.';
    const server = layerServer({
      [`DELETE ${LAYERS}2`]: () => ({ message: 'OK' }),
      [`DELETE ${LAYERS}1`]: () => reply(422, { message: refused, errors: [{ message: refused, error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }] }),
    });
    const toasts = createToastStore();
    render(<AnnotationLayerList client={server.client} toasts={toasts} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Incidents' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.find('DELETE', `${LAYERS}2`)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Releases' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.toasts.value.some((t) => t.text.includes(refused))).toBe(true));
  });

  it('offers no writes to a reader', async () => {
    const server = layerServer({ [`GET ${LAYERS}_info`]: () => ({ permissions: ['can_read'] }) });
    render(<AnnotationLayerList client={server.client} toasts={createToastStore()} />);
    await screen.findByRole('link', { name: 'Releases' });
    // Both the list and the page ask _info; once answered, nothing that writes may be on screen.
    await waitFor(() => expect(server.find('GET', `${LAYERS}_info`).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: '+ Annotation Layer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Releases' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Releases' })).toBeNull();
  });
});
