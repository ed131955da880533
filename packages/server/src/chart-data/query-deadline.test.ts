import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionControl } from '../admission';
import type { AppContext } from '../context';
import type { EngineClient, ExecuteResult } from '../engines';
import { ErrorType, LumenError } from '../errors';
import { inFlightChartQueries, startChartQueryDeadline } from './query-deadline';

/** An app context with one slot per database and a 5-second chart-data limit; nothing else is used here. */
const contextWithOneSlot = () => ({ config: { chartDataTimeoutSeconds: 5 }, admission: new AdmissionControl({ maxConcurrentQueries: 1, queueSize: 10 }) }) as unknown as AppContext;

/** An engine whose statements finish when the test says so. */
function heldEngine() {
  const releases: (() => void)[] = [];
  const client = {
    execute: vi.fn(() => new Promise<ExecuteResult>((resolve) => releases.push(() => resolve({ columns: [], rows: [] } as unknown as ExecuteResult)))),
  } as unknown as EngineClient;
  return { client, releases };
}

const admission = { database: { id: 1, backend: 'duckdb' }, priority: 'interactive' as const };

describe('chart-data statements under admission control', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the chart-data timeout error when a statement is still queued at its deadline', async () => {
    vi.useFakeTimers();
    const ctx = contextWithOneSlot();
    const { client, releases } = heldEngine();
    const running = startChartQueryDeadline(ctx, { ...admission, user: 'user:1' }).execute(client, 'SELECT 1', []);
    const queued = startChartQueryDeadline(ctx, { ...admission, user: 'user:2' }).execute(client, 'SELECT 2', []).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    const error = await queued;
    expect(error).toBeInstanceOf(LumenError);
    expect((error as LumenError).statusCode).toBe(408);
    expect((error as LumenError).toStructured()).toMatchObject({ message: 'The query exceeded the 5 seconds timeout.', error_type: ErrorType.BACKEND_TIMEOUT_ERROR });
    expect(client.execute).toHaveBeenCalledTimes(1);
    releases[0]!();
    await running;
    expect(inFlightChartQueries(ctx)).toBe(0);
  });
});
