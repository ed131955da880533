// One load loop for the load benches (load.mjs, admission-load.mjs, list-endpoints.mjs): `connections`
// loops sending requests back to back for a fixed time, every latency kept, every outcome counted apart.
import { performance } from 'node:perf_hooks';

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/**
 * `connections` loops sending `request(i)` back to back for `seconds` (each request bounded by the caller's
 * client time-out, an AbortSignal.timeout). Answers throughput (all requests and answered ones), p50/p99 of
 * every request, and the outcomes: ok, 503 refusals, 408 server time-outs, client time-outs, other errors.
 */
export async function measureOutcomes(connections, seconds, request) {
  const latencies = [];
  const counts = { ok: 0, refused: 0, serverTimeouts: 0, clientTimeouts: 0, errors: 0 };
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < deadline) {
        const start = performance.now();
        try {
          const res = await request(i);
          await res.arrayBuffer();
          if (res.ok) counts.ok++;
          else if (res.status === 503) counts.refused++;
          else if (res.status === 408) counts.serverTimeouts++;
          else counts.errors++;
        } catch (error) {
          if (error?.name === 'TimeoutError') counts.clientTimeouts++;
          else counts.errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    answeredPerSecond: counts.ok / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...counts,
  };
}

/** Throughput, p50/p99 and the count of requests that were not answered with a 2xx. */
export async function measure(connections, seconds, request) {
  const m = await measureOutcomes(connections, seconds, request);
  return { rps: m.requestsPerSecond, p50: m.p50, p99: m.p99, errors: m.requests - m.ok };
}
