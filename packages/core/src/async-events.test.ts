import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createAsyncEventClient } from './async-events';
import type { AsyncEvent } from './async-event-types';
import { ClientError } from './client-error';
import type { StorageLike } from './platform';
import { createFakeFetch, jsonResponse } from './test-fetch';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const event = (over: Partial<AsyncEvent> = {}): AsyncEvent => ({
  id: '1-0',
  job_id: 'job-1',
  status: 'done',
  result_url: '/api/v1/chart/data/qc-1',
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('async events over polling', () => {
  it('polls every 500 ms with last_id, fetches result_url on done and persists the last id', async () => {
    const events = [[], [event({ id: '5-1' })]];
    const fetch = createFakeFetch({
      'GET /api/v1/async_event/': () => Promise.resolve(jsonResponse(200, { result: events.shift() ?? [] })),
      'GET /api/v1/chart/data/qc-1': { body: { result: [{ data: [{ a: 1 }] }] } },
    });
    const storage = memoryStorage({ last_async_event_id: '4-0' });
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch });
    const asyncEvents = createAsyncEventClient({ client, storage, logger: { warn: vi.fn() } });
    const done = asyncEvents.waitForAsyncData({ job_id: 'job-1' });

    await vi.advanceTimersByTimeAsync(499);
    expect(fetch.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls[0].url).toBe('/api/v1/async_event/?last_id=4-0');
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toEqual([{ data: [{ a: 1 }] }]);
    expect(storage.data.last_async_event_id).toBe('5-1');
    asyncEvents.stop();
  });

  it('does not call the server while nobody is waiting', async () => {
    const fetch = createFakeFetch({ 'GET /api/v1/async_event/': { body: { result: [] } } });
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch });
    const asyncEvents = createAsyncEventClient({ client, storage: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch.calls).toHaveLength(0);
    asyncEvents.stop();
  });

  it("rejects with the event's errors on error", async () => {
    const errors = [{ error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' as const, message: 'relation does not exist' }];
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch: createFakeFetch({}) });
    const asyncEvents = createAsyncEventClient({ client, storage: null });
    const pending = asyncEvents.waitForAsyncData({ job_id: 'job-1' });
    asyncEvents.processEvents([event({ status: 'error', errors, result_url: null })]);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).errors).toEqual(errors);
    expect((error as ClientError).message).toBe('relation does not exist');
    asyncEvents.stop();
  });
});

describe('events without a listener', () => {
  it('retries 6 times at 100 ms × attempt, then drops the event with a warning', async () => {
    const warn = vi.fn();
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch: createFakeFetch({}) });
    const asyncEvents = createAsyncEventClient({ client, storage: null, logger: { warn } });
    asyncEvents.processEvents([event({ job_id: 'orphan' })]);
    // 100 + 200 + 300 + 400 + 500 + 600 = 2100 ms of retries, then the 7th attempt gives up.
    await vi.advanceTimersByTimeAsync(2099);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(warn).toHaveBeenCalledWith('listener not found for job_id', 'orphan');
  });

  it('delivers an early event once the listener registers', async () => {
    const fetch = createFakeFetch({ 'GET /api/v1/chart/data/qc-1': { body: { result: ['ok'] } } });
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch });
    const asyncEvents = createAsyncEventClient({ client, storage: null, logger: { warn: vi.fn() } });
    asyncEvents.processEvents([event()]);
    await vi.advanceTimersByTimeAsync(150);
    const pending = asyncEvents.waitForAsyncData({ job_id: 'job-1' });
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).resolves.toEqual(['ok']);
    asyncEvents.stop();
  });
});

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  listeners: Record<string, Array<(e: { data: unknown }) => void>> = {};
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  addEventListener(type: string, listener: (e: { data: unknown }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  emit(type: string, payload: { data: unknown } = { data: undefined }) {
    for (const l of this.listeners[type] ?? []) l(payload);
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
}

describe('async events over websocket', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
  });

  it('receives events over the socket', async () => {
    const fetch = createFakeFetch({ 'GET /api/v1/chart/data/qc-1': { body: { result: ['ws'] } } });
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch });
    const asyncEvents = createAsyncEventClient({
      client,
      transport: 'ws',
      websocketUrl: 'ws://bi/ws',
      WebSocket: FakeSocket,
      storage: memoryStorage({ last_async_event_id: '9-9' }),
    });
    const pending = asyncEvents.waitForAsyncData({ job_id: 'job-1' });
    const socket = FakeSocket.instances[0];
    expect(socket.url).toBe('ws://bi/ws?last_id=9-9');
    socket.emit('open');
    socket.emit('message', { data: JSON.stringify(event()) });
    await expect(pending).resolves.toEqual(['ws']);
    asyncEvents.stop();
  });

  it('reconnects every 2.5 s up to 6 times, then warns and falls back to polling', async () => {
    const warn = vi.fn();
    const fetch = createFakeFetch({ 'GET /api/v1/async_event/': { body: { result: [] } } });
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session' }, fetch });
    const asyncEvents = createAsyncEventClient({ client, transport: 'ws', websocketUrl: 'ws://bi/ws', WebSocket: FakeSocket, storage: null, logger: { warn } });
    void asyncEvents.waitForAsyncData({ job_id: 'job-1' });
    for (let attempt = 0; attempt <= 6; attempt += 1) {
      expect(FakeSocket.instances).toHaveLength(attempt + 1);
      FakeSocket.instances[attempt].emit('error');
      await vi.advanceTimersByTimeAsync(2499);
      expect(FakeSocket.instances).toHaveLength(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(FakeSocket.instances).toHaveLength(7);
    expect(warn).toHaveBeenCalledWith('WebSocket not available, falling back to async polling');
    expect(asyncEvents.transport).toBe('polling');
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/v1/async_event/']);
    asyncEvents.stop();
  });
});
