// Admission control under load (issue 18): 50 connections asking uncached chart data, every request a
// query no one asked before, with admission control on (the engine's default slots and queue) and off
// (LUMEN_DB_MAX_CONCURRENT_QUERIES=0), side by side. Counts answers, 503 refusals (queue full), 408 server
// time-outs and client time-outs apart. Loopback only; prints, asserts nothing.
import { performance } from 'node:perf_hooks';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** `connections` loops sending `request()` back to back for `seconds`; latencies of every request, by outcome. */
async function measureOutcomes(connections, seconds, request) {
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
  return { answeredPerSecond: counts.ok / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), ...counts };
}

/**
 * Restarts the processes with admission control on, then off, measures each, and prints one table.
 * `restart(extraEnv)` stops the running processes and starts them with those settings; `chartData(i, query)`
 * sends one chart-data request through process i mod 2 with the bench's client time-out.
 */
export async function admissionOnAndOff({ restart, chartData, connections = 50, seconds, clientTimeoutSeconds }) {
  let unique = 1_000_000;
  // A filter value never asked before makes every request a new query: no cache hit, nothing to coalesce.
  const uncachedQuery = () => ({ columns: ['country', 'device'], metrics: ['count'], filters: [{ col: 'user_id', op: '!=', val: unique++ }], row_limit: 1000 });
  const rows = [];
  for (const [label, settings] of [
    ['on', {}],
    ['off', { LUMEN_DB_MAX_CONCURRENT_QUERIES: '0' }],
  ]) {
    await restart(settings);
    rows.push([label, await measureOutcomes(connections, seconds, (i) => chartData(i, uncachedQuery()))]);
  }
  console.log(`\nadmission control, uncached chart data, ${connections} connections, 2 processes, ${seconds} s each (client time-out ${clientTimeoutSeconds} s)`);
  console.log('admission | answered/s |  p50 ms |  p99 ms | answered | 503 | 408 | client time-outs | other errors');
  for (const [label, m] of rows) {
    const cells = [m.answeredPerSecond.toFixed(1).padStart(10), m.p50.toFixed(0).padStart(7), m.p99.toFixed(0).padStart(7), String(m.ok).padStart(8), String(m.refused).padStart(3), String(m.serverTimeouts).padStart(3), String(m.clientTimeouts).padStart(16), String(m.errors).padStart(12)];
    console.log(`${label.padEnd(9)} | ${cells.join(' | ')}`);
  }
}
