import { signal } from '@preact/signals-react';
import type { EventLogger, LogEventPayload } from '@lumen-bi/core';
import { describe, expect, it, vi } from 'vitest';
import { attachDashboardLogging } from './event-logging';

function recorder() {
  const events: (LogEventPayload & { event_name: string })[] = [];
  const logger: EventLogger = { log: (event_name, payload = {}) => void events.push({ ...payload, event_name }), flush: vi.fn(), dispose: vi.fn() };
  return { logger, events };
}

describe('attachDashboardLogging', () => {
  it('logs mount_dashboard once, then load_chart and render_chart with durations', () => {
    let t = 100;
    vi.spyOn(performance, 'now').mockImplementation(() => t);
    const status = signal('loading');
    const info = signal<{ id: number } | null>(null);
    const chartStates = signal<Record<number, { status: string }>>({});
    const { logger, events } = recorder();
    const off = attachDashboardLogging(logger, { status, info, chartStates }, 0);
    info.value = { id: 7 };
    status.value = 'ready';
    status.value = 'loading';
    status.value = 'ready';
    chartStates.value = { 3: { status: 'loading' } };
    t = 350;
    chartStates.value = { 3: { status: 'success' } };
    t = 400;
    chartStates.value = { 3: { status: 'rendered' } };
    chartStates.value = { 3: { status: 'rendered' }, 4: { status: 'loading' } };
    chartStates.value = { 3: { status: 'rendered' }, 4: { status: 'failed' } };
    off();
    chartStates.value = { 5: { status: 'loading' } };
    expect(events.map((e) => [e.event_name, e.slice_id, e.duration])).toEqual([
      ['mount_dashboard', undefined, 100],
      ['load_chart', 3, 250],
      ['render_chart', 3, 50],
      ['load_chart', 4, 0],
    ]);
    expect(events.every((e) => e.dashboard_id === 7 && e.source === 'dashboard')).toBe(true);
    expect(events[3].has_err).toBe(true);
    vi.restoreAllMocks();
  });
});
