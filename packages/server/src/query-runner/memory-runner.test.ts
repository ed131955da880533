import { describe, expect, it } from 'vitest';
import { createMemoryRunner } from './memory-runner';
import type { QueryJob, SqlLabJob } from './runner';

const job = (n: number): SqlLabJob => ({ queryId: n, clientId: `c${n}` });

/** A handler whose jobs finish when released (or reject when aborted). */
function controllable() {
  const started: number[] = [];
  const releases = new Map<number, () => void>();
  const handler = (queued: QueryJob, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const j = queued as SqlLabJob;
      started.push(j.queryId);
      releases.set(j.queryId, resolve);
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { started, releases, handler };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createMemoryRunner', () => {
  it('runs at most `concurrency` jobs and starts the next when one finishes', async () => {
    const c = controllable();
    const runner = createMemoryRunner(c.handler, { concurrency: 2 });
    [1, 2, 3].forEach((n) => runner.submit(job(n)));
    await tick();
    expect(c.started).toEqual([1, 2]);
    expect(runner.stats()).toEqual({ queued: 1, running: 2 });
    c.releases.get(1)!();
    await tick();
    expect(c.started).toEqual([1, 2, 3]);
    await runner.close();
  });

  it('cancels a queued job before it starts and aborts a running one', async () => {
    const c = controllable();
    const errors: unknown[] = [];
    const runner = createMemoryRunner(c.handler, { concurrency: 1, onError: (e) => errors.push(e) });
    runner.submit(job(1));
    runner.submit(job(2));
    await tick();
    expect(await runner.cancel('c2')).toBe(true);
    expect(await runner.cancel('c1')).toBe(true);
    await tick();
    expect(c.started).toEqual([1]);
    expect(errors).toHaveLength(1);
    expect(await runner.cancel('unknown')).toBe(false);
    expect(runner.stats()).toEqual({ queued: 0, running: 0 });
  });

  it('refuses jobs after close', async () => {
    const runner = createMemoryRunner(async () => undefined);
    await runner.close();
    expect(() => runner.submit(job(1))).toThrow(/closed/);
  });
});
