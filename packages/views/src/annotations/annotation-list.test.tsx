import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ALL_PERMISSIONS, createFakeServer, reply, type FakeCall } from '../lists/test-support';
import { annotationBody, fieldErrorsOf } from './annotation-form';
import { AnnotationList } from './annotation-list';

afterEach(cleanup);

const NESTED = '/api/v1/annotation_layer/7/annotation/';
const annotations = () => [
  { id: 11, short_descr: 'v1.0', long_descr: 'First', start_dttm: '2024-03-01T09:30:00', end_dttm: '2024-03-01T09:30:00', json_metadata: '{"color":"red"}' },
  { id: 12, short_descr: 'Freeze', long_descr: null, start_dttm: '2024-06-01T00:00:00', end_dttm: '2024-06-30T12:00:00.250000', json_metadata: null },
];

function annotationServer(overrides: Record<string, (call: FakeCall) => unknown> = {}) {
  return createFakeServer({
    'GET /api/v1/annotation_layer/_info': ALL_PERMISSIONS,
    'GET /api/v1/annotation_layer/7': () => ({ id: 7, result: { id: 7, name: 'Releases', descr: null } }),
    [`GET ${NESTED}`]: () => ({ count: 2, result: annotations() }),
    ...overrides,
  });
}
const dialog = () => within(screen.getByRole('dialog'));

describe('AnnotationList', () => {
  it("lists the layer's annotations with label, start and end, titled by the layer", async () => {
    const server = annotationServer();
    render(<AnnotationList client={server.client} toasts={createToastStore()} layerId={7} />);
    const row = within((await screen.findByText('Freeze')).closest('tr')!);
    expect(row.getByText('2024-06-01 00:00:00')).toBeTruthy();
    expect(row.getByText('2024-06-30 12:00:00')).toBeTruthy();
    expect(await screen.findByText('Annotation layer: Releases')).toBeTruthy();
    expect(server.find('GET', NESTED)[0]!.q).toMatchObject({ order_column: 'start_dttm', order_direction: 'desc' });
    expect(screen.getByRole('link', { name: 'Back to all' }).getAttribute('href')).toBe('/annotationlayer/list/');
  });

  it('adds an annotation; no end makes an event at the start', async () => {
    const server = annotationServer({ [`POST ${NESTED}`]: () => reply(201, { id: 13, result: {} }) });
    const toasts = createToastStore();
    render(<AnnotationList client={server.client} toasts={toasts} layerId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Annotation' }));
    fireEvent.change(dialog().getByLabelText(/^Short description/), { target: { value: 'v2.0' } });
    fireEvent.change(dialog().getByLabelText(/^Start/), { target: { value: '2024-09-01T08:00' } });
    fireEvent.change(dialog().getByLabelText(/^JSON metadata/), { target: { value: '{"a": 1}' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST', NESTED)[0]!.body).toEqual({ short_descr: 'v2.0', long_descr: null, start_dttm: '2024-09-01T08:00:00', end_dttm: '2024-09-01T08:00:00', json_metadata: '{"a": 1}' });
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Saved: v2.0');
    // ...and the page shows it (ListView draws no toasts of its own).
    expect((await screen.findByText('Saved: v2.0')).closest('.bi-toast')).not.toBeNull();
  });

  it('edits an annotation and shows the server refusals under their fields', async () => {
    const server = annotationServer({
      [`PUT ${NESTED}11`]: () => reply(422, { message: { short_descr: ['Short description must be unique for this layer'] }, errors: [{ message: 'x', error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }] }),
    });
    render(<AnnotationList client={server.client} toasts={createToastStore()} layerId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit v1.0' }));
    expect((dialog().getByLabelText(/^Start/) as HTMLInputElement).value).toBe('2024-03-01T09:30');
    expect((dialog().getByLabelText(/^JSON metadata/) as HTMLTextAreaElement).value).toBe('{"color":"red"}');
    fireEvent.change(dialog().getByLabelText(/^Short description/), { target: { value: 'Freeze' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Short description must be unique for this layer');
    expect(server.find('PUT', `${NESTED}11`)[0]!.body).toMatchObject({ short_descr: 'Freeze', start_dttm: '2024-03-01T09:30:00', long_descr: 'First' });
  });

  it('checks dates and JSON before sending', async () => {
    const server = annotationServer();
    render(<AnnotationList client={server.client} toasts={createToastStore()} layerId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Annotation' }));
    fireEvent.change(dialog().getByLabelText(/^Short description/), { target: { value: 'x' } });
    fireEvent.change(dialog().getByLabelText(/^Start/), { target: { value: '2024-09-02T08:00' } });
    fireEvent.change(dialog().getByLabelText(/^End/), { target: { value: '2024-09-01T08:00' } });
    fireEvent.change(dialog().getByLabelText(/^JSON metadata/), { target: { value: '{oops' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    const alerts = (await dialog().findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['End date must be after start date', 'JSON not valid']);
    expect(server.find('POST', NESTED)).toHaveLength(0);
    // The end's refusal sits under End, the field to change, and goes when either time changes.
    const end = dialog().getByLabelText(/^End/);
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(end.getAttribute('aria-describedby')!)?.textContent).toBe('End date must be after start date');
    fireEvent.change(dialog().getByLabelText(/^Start/), { target: { value: '2024-08-30T08:00' } });
    expect(dialog().getAllByRole('alert').map((a) => a.textContent)).toEqual(['JSON not valid']);
    expect(end.getAttribute('aria-invalid')).toBe('false');
  });

  it('deletes selected annotations in bulk through the nested endpoint', async () => {
    const server = annotationServer({ [`DELETE ${NESTED}`]: () => ({ message: 'Deleted 2 annotations' }) });
    const toasts = createToastStore();
    render(<AnnotationList client={server.client} toasts={toasts} layerId={7} />);
    await screen.findByText('Freeze');
    fireEvent.click(screen.getByRole('button', { name: 'Bulk select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 12' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.find('DELETE', NESTED)).toHaveLength(1));
    expect(server.find('DELETE', NESTED)[0]!.q).toEqual([11, 12]);
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Deleted 2 annotations');
  });

  it("says so when the layer cannot be read", async () => {
    const server = annotationServer({ 'GET /api/v1/annotation_layer/7': () => reply(404, { message: 'Annotation layer not found' }) });
    render(<AnnotationList client={server.client} toasts={createToastStore()} layerId={7} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Annotation layer not found');
  });
});

describe('the annotation form', () => {
  it('sends times with seconds, empty texts as null', () => {
    expect(annotationBody({ short_descr: ' x ', long_descr: '', start_dttm: '2024-01-02T03:04', end_dttm: '', json_metadata: ' ' })).toEqual({
      short_descr: 'x', long_descr: null, start_dttm: '2024-01-02T03:04:00', end_dttm: '2024-01-02T03:04:00', json_metadata: null,
    });
  });
  it('reads the per-field refusals and falls back to the form', () => {
    expect(fieldErrorsOf(new Error('boom'))).toEqual({ form: expect.any(String) });
  });
});
