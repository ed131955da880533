import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultEventLogTransport, createEventLogger, type EventBatchFields, type EventLogTransport } from './event-logger';

type Sent = { via: 'beacon' | 'post'; url: string; fields: EventBatchFields };

function fakeTransport(beaconOk: boolean | null): EventLogTransport & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    beacon:
      beaconOk === null
        ? undefined
        : (url, fields) => {
            if (beaconOk) sent.push({ via: 'beacon', url, fields });
            return beaconOk;
          },
    post: (url, fields) => {
      sent.push({ via: 'post', url, fields });
      return Promise.resolve();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createEventLogger', () => {
  it('sends queued events in one batch 1000 ms after the first, with the dashboard id in the query', () => {
    const transport = fakeTransport(true);
    const logger = createEventLogger({ baseUrl: '', transport, now: () => 42, flushOnPageHide: false });
    logger.log('mount_dashboard', { source: 'dashboard', source_id: 7 });
    vi.advanceTimersByTime(500);
    logger.log('load_chart', { source: 'dashboard', source_id: 7, slice_id: 3 });
    vi.advanceTimersByTime(499);
    expect(transport.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0].url).toBe('/superset/log/?explode=events&dashboard_id=7');
    expect(transport.sent[0].fields.events.map((e) => e.event_name)).toEqual(['mount_dashboard', 'load_chart']);
    expect(transport.sent[0].fields.events[0].ts).toBe(42);
    expect(transport.sent[0].fields.guest_token).toBeUndefined();
  });

  it('caps a batch at 1024 events and sends the rest in further batches', () => {
    const transport = fakeTransport(true);
    const logger = createEventLogger({ baseUrl: 'http://bi', transport, flushOnPageHide: false });
    for (let i = 0; i < 2100; i += 1) logger.log('render_chart', { slice_id: 5, duration: i });
    vi.advanceTimersByTime(1000);
    expect(transport.sent.map((s) => s.fields.events.length)).toEqual([1024, 1024, 52]);
    expect(transport.sent.every((s) => s.url === 'http://bi/superset/log/?explode=events&slice_id=5')).toBe(true);
    expect(transport.sent[2].fields.events.at(-1)?.duration).toBe(2099);
  });

  it('uses slice_id for chart events and separates batches by context', () => {
    const transport = fakeTransport(true);
    const logger = createEventLogger({ baseUrl: '', transport, flushOnPageHide: false });
    logger.log('mount_explorer', { source: 'slice', source_id: 9 });
    logger.log('spa_navigation', {});
    vi.advanceTimersByTime(1000);
    expect(transport.sent.map((s) => s.url)).toEqual(['/superset/log/?explode=events&slice_id=9', '/superset/log/?explode=events']);
  });

  it('falls back to a POST when there is no beacon or the beacon is refused', () => {
    const none = fakeTransport(null);
    const refused = fakeTransport(false);
    for (const transport of [none, refused]) {
      const logger = createEventLogger({ baseUrl: '', transport, flushOnPageHide: false });
      logger.log('mount_dashboard', { dashboard_id: 1 });
      logger.flush();
      expect(transport.sent.map((s) => s.via)).toEqual(['post']);
    }
  });

  it('includes the current guest token', () => {
    const transport = fakeTransport(true);
    let token = 'tok-1';
    const logger = createEventLogger({ baseUrl: '', transport, getGuestToken: () => token, flushOnPageHide: false });
    logger.log('mount_dashboard', { dashboard_id: 1 });
    token = 'tok-2';
    vi.advanceTimersByTime(1000);
    expect(transport.sent[0].fields.guest_token).toBe('tok-2');
  });

  it('never throws into the app when the transport fails', () => {
    const transport: EventLogTransport = {
      beacon: () => {
        throw new Error('beacon broke');
      },
      post: () => Promise.reject(new Error('offline')),
    };
    const logger = createEventLogger({ baseUrl: '', transport, getGuestToken: () => { throw new Error('no token'); }, flushOnPageHide: false });
    logger.log('mount_dashboard', { dashboard_id: 1 });
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
  });

  it('flushes on pagehide and when the page becomes hidden', () => {
    const listeners: Record<string, () => void> = {};
    const doc = { visibilityState: 'visible', addEventListener: (t: string, l: () => void) => void (listeners[`doc:${t}`] = l), removeEventListener: vi.fn() };
    vi.stubGlobal('addEventListener', (t: string, l: () => void) => void (listeners[`win:${t}`] = l));
    vi.stubGlobal('removeEventListener', vi.fn());
    vi.stubGlobal('document', doc);
    const transport = fakeTransport(true);
    const logger = createEventLogger({ baseUrl: '', transport });
    logger.log('a', { dashboard_id: 1 });
    listeners['win:pagehide']();
    expect(transport.sent).toHaveLength(1);
    logger.log('b', { dashboard_id: 1 });
    listeners['doc:visibilitychange']();
    expect(transport.sent).toHaveLength(1);
    doc.visibilityState = 'hidden';
    listeners['doc:visibilitychange']();
    expect(transport.sent).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(transport.sent).toHaveLength(2);
    logger.dispose();
  });
});

describe('createDefaultEventLogTransport', () => {
  it('beacons FormData with events and guest_token when sendBeacon exists', () => {
    const appended: [string, string][] = [];
    class FakeFormData {
      append(name: string, value: string) {
        appended.push([name, value]);
      }
    }
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('FormData', FakeFormData);
    const fetch = vi.fn();
    const transport = createDefaultEventLogTransport(fetch);
    const ok = transport.beacon?.('/superset/log/?explode=events', { events: [{ event_name: 'x', ts: 1 }], guest_token: 'g' });
    expect(ok).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('/superset/log/?explode=events', expect.any(FakeFormData));
    expect(appended).toEqual([
      ['events', '[{"event_name":"x","ts":1}]'],
      ['guest_token', 'g'],
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts JSON {events} with fetch when there is no beacon', async () => {
    vi.stubGlobal('navigator', {});
    const fetch = vi.fn(() => Promise.resolve({ ok: true, status: 200, statusText: 'OK', text: () => Promise.resolve('{}') }));
    const transport = createDefaultEventLogTransport(fetch);
    expect(transport.beacon).toBeUndefined();
    await transport.post('/superset/log/?explode=events&dashboard_id=1', { events: [{ event_name: 'x', ts: 1 }] });
    expect(fetch).toHaveBeenCalledWith('/superset/log/?explode=events&dashboard_id=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"events":[{"event_name":"x","ts":1}]}',
      credentials: 'same-origin',
    });
  });
});
