// Admission control under load (issue 18): 50 connections asking uncached chart data, every request a
// query no one asked before, with admission control on (the engine's default slots and queue) and off
// (LUMEN_DB_MAX_CONCURRENT_QUERIES=0), side by side. Counts answers, 503 refusals (queue full), 408 server
// time-outs and client time-outs apart. Loopback only; prints, asserts nothing.
import { measureOutcomes } from './measure-load.mjs';

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
