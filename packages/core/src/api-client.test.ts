import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ClientError } from './client-error';
import { getClientErrorMessage } from './error-catalogue';
import { createAbortController } from './platform';
import { createFakeFetch } from './test-fetch';
import type { ResponseLike } from './platform';

const BASE = 'https://bi.example.com';

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ClientError);
    return error as ClientError;
  }
  throw new Error('expected a failure');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient (session mode)', () => {
  it('GETs JSON with credentials and a rison q', async () => {
    const fetch = createFakeFetch({ 'GET /api/v1/chart/': { body: { count: 1, result: [{ id: 1 }] } } });
    const client = createApiClient({ baseUrl: `${BASE}/`, auth: { kind: 'session' }, fetch });
    const response = await client.get('/api/v1/chart/', { rison: { page: 0, page_size: 5 } });
    expect(response).toEqual({ status: 200, statusText: '', json: { count: 1, result: [{ id: 1 }] } });
    expect(fetch.calls[0].url).toBe(`${BASE}/api/v1/chart/?q=(page:0,page_size:5)`);
    expect(fetch.calls[0].init.credentials).toBe('include');
    expect(fetch.calls[0].init.headers).not.toHaveProperty('X-CSRFToken');
  });

  it('fetches the CSRF token once and sends it on unsafe methods', async () => {
    const fetch = createFakeFetch({
      'GET /api/v1/security/csrf_token/': { body: { result: 'tok-1' } },
      'POST /api/v1/chart/': { status: 201, body: { id: 5 } },
      'PUT /api/v1/chart/5': { body: { id: 5 } },
      'DELETE /api/v1/chart/5': { body: { message: 'OK' } },
    });
    const client = createApiClient({ baseUrl: BASE, auth: { kind: 'session' }, fetch });
    await Promise.all([client.post('/api/v1/chart/', { slice_name: 'x' }), client.put('/api/v1/chart/5', { slice_name: 'y' })]);
    await client.delete('/api/v1/chart/5');
    const csrfCalls = fetch.calls.filter((c) => c.url.endsWith('/csrf_token/'));
    expect(csrfCalls).toHaveLength(1);
    const post = fetch.calls.find((c) => c.init.method === 'POST')!;
    expect(post.init.headers).toMatchObject({ 'X-CSRFToken': 'tok-1', 'Content-Type': 'application/json' });
    expect(post.init.body).toBe('{"slice_name":"x"}');
    expect(fetch.calls.find((c) => c.init.method === 'DELETE')!.init.headers).toMatchObject({ 'X-CSRFToken': 'tok-1' });
  });

  it('encodes query parameters, JSON-encoding objects', () => {
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch: createFakeFetch({}) });
    expect(client.buildUrl('/api/v1/chart/data', { form_data: { slice_id: 3 }, dashboard_id: 7, force: undefined })).toBe(
      '/api/v1/chart/data?form_data=%7B%22slice_id%22%3A3%7D&dashboard_id=7',
    );
  });
});

describe('createApiClient (guest mode)', () => {
  it('sends X-GuestToken from a getter and never fetches a CSRF token', async () => {
    let token = 'g1';
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { body: { result: [] } } });
    const client = createApiClient({ baseUrl: BASE, auth: { kind: 'guest', token: () => token }, fetch });
    await client.post('/api/v1/chart/data', {});
    token = 'g2';
    await client.post('/api/v1/chart/data', {});
    expect(fetch.calls.map((c) => c.init.headers?.['X-GuestToken'])).toEqual(['g1', 'g2']);
    expect(fetch.calls.some((c) => c.url.includes('csrf'))).toBe(false);
    expect(fetch.calls[0].init.credentials).toBe('same-origin');
  });
});

describe('error normalisation', () => {
  const guest = (fetch: ReturnType<typeof createFakeFetch>) =>
    createApiClient({ baseUrl: BASE, auth: { kind: 'guest', token: 't' }, fetch });

  it('turns a fetch failure into Network error', async () => {
    const error = await failure(guest(createFakeFetch({ 'GET /x': new TypeError('Failed to fetch') })).get('/x'));
    expect(error.message).toBe('Network error');
    expect(error.kind).toBe('network');
    expect(error.errors).toEqual([{ error_type: 'FRONTEND_NETWORK_ERROR', level: 'error', message: 'Network error', extra: {} }]);
  });

  it.each([
    [400, 'Bad request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [500, 'Server error'],
    [502, 'Bad gateway'],
    [503, 'Service unavailable'],
    [504, 'Gateway timeout'],
    [418, 'HTTP error 418'],
  ])('names status %i as %s when the body has no message', async (status, message) => {
    const error = await failure(guest(createFakeFetch({ 'GET /x': { status, body: '' } })).get('/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('keeps the server message and structured errors', async () => {
    const errors = [{ message: 'Subqueries are not allowed', error_type: 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', level: 'error', extra: {} }];
    const fetch = createFakeFetch({ 'GET /x': { status: 422, body: { message: 'Invalid SQL', errors } } });
    const error = await failure(guest(fetch).get('/x'));
    expect(error.message).toBe('Invalid SQL');
    expect(error.errors).toEqual(errors);
    expect(getClientErrorMessage(error)).toBe('Custom SQL fields cannot contain sub-queries.');
  });

  it('uses the first structured error when there is no message, and field errors of schema failures', async () => {
    const errors = [{ message: 'boom', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' }];
    const a = await failure(guest(createFakeFetch({ 'GET /x': { status: 500, body: { errors } } })).get('/x'));
    expect(a.message).toBe('boom');
    expect(getClientErrorMessage(a)).toBe('boom');
    const b = await failure(guest(createFakeFetch({ 'GET /x': { status: 400, body: { message: { slice_name: ['Missing data'] } } } })).get('/x'));
    expect(b.message).toBe('Missing data');
  });

  it('replaces CSRF failures by the session-timed-out message', async () => {
    const fetch = createFakeFetch({
      'GET /api/v1/security/csrf_token/': { body: { result: 'old' } },
      'POST /x': { status: 400, body: { message: '400 Bad Request: The CSRF token has expired.' } },
    });
    const client = createApiClient({ baseUrl: BASE, auth: { kind: 'session' }, fetch });
    const error = await failure(client.post('/x', {}));
    expect(error.message).toBe('Your session timed out, please refresh your page and try again.');
    expect(error.errors[0].error_type).toBe('FRONTEND_CSRF_ERROR');
  });

  it('times out with Request timed out and issue codes 1000 and 1001', async () => {
    vi.useFakeTimers();
    const hang = () => new Promise<ResponseLike>(() => undefined);
    const client = guest(createFakeFetch({ 'GET /slow': hang }));
    const pending = failure(client.get('/slow', { timeoutMs: 30000 }));
    await vi.advanceTimersByTimeAsync(30000);
    const error = await pending;
    expect(error.message).toBe('Request timed out');
    expect(error.statusText).toBe('timeout');
    expect(error.errors).toEqual([
      {
        error_type: 'FRONTEND_TIMEOUT_ERROR',
        level: 'error',
        message: 'Request timed out',
        extra: {
          timeout: 30,
          issue_codes: [
            { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
            { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
          ],
        },
      },
    ]);
  });

  it('reports caller aborts as abort errors', async () => {
    const controller = createAbortController()!;
    const fetch = createFakeFetch({
      'GET /x': (call) =>
        new Promise<ResponseLike>((_, reject) => call.init.signal?.addEventListener('abort', () => reject(new Error('AbortError')))),
    });
    const pending = failure(guest(fetch).get('/x', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('abort');
    expect(error.statusText).toBe('abort');
  });
});
