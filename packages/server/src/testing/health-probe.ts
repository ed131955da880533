import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** What a request did to the rest of the server while it ran (tests of work kept off the event loop). */
export interface ProbeReport<T> {
  result: T;
  /** Wall-clock time of `work`. */
  ms: number;
  /** /health requests answered while `work` ran. */
  healthAnswers: number;
  /** Slowest of those answers. */
  slowestHealthMs: number;
  /** Longest event-loop stall seen while `work` ran. */
  maxEventLoopDelayMs: number;
}

/**
 * Runs `work` (usually one injected request) while asking GET /health every few milliseconds in the same
 * process. Work done on the event loop holds every health answer back until it ends, so the count of
 * answers received meanwhile shows whether the loop stayed free.
 *
 * @example
 * const report = await probeHealthDuring(t.app, () => t.app.inject({ method: 'POST', url, payload }));
 * expect(report.healthAnswers).toBeGreaterThan(5);
 */
export async function probeHealthDuring<T>(app: FastifyInstance, work: () => Promise<T>): Promise<ProbeReport<T>> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let done = false;
  let healthAnswers = 0;
  let slowestHealthMs = 0;
  const probing = (async () => {
    while (!done) {
      const asked = performance.now();
      const res = await app.inject({ method: 'GET', url: '/health' });
      if (done) break;
      if (res.statusCode === 200) healthAnswers += 1;
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
      // A pause between probes, so the probe itself does not compete for the CPU.
      await sleep(5);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, healthAnswers, slowestHealthMs, maxEventLoopDelayMs: delay.max / 1e6 };
  } finally {
    done = true;
    delay.disable();
    await probing;
  }
}
