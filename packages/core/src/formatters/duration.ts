/** Duration formats (DURATION: ms -> '1h 2m 3s'; DURATION_SUB keeps sub-millisecond parts). */

const UNITS: ReadonlyArray<[string, number]> = [
  ['d', 86400000],
  ['h', 3600000],
  ['m', 60000],
];

/**
 * Formats milliseconds as a compact duration, like pretty-ms (which the incumbent uses): days, hours and
 * minutes as whole units, seconds with one decimal, and plain milliseconds below one second.
 *
 * @example
 * formatDuration(3723000); // '1h 2m 3s'
 * formatDuration(1500);    // '1.5s'
 * formatDuration(250);     // '250ms'
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 0) return `-${formatDuration(-ms)}`;
  if (ms < 1000) {
    const rounded = Math.round(ms);
    return `${rounded}ms`;
  }
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  // Floor, not round, so 59.96s never shows as '60s'.
  const seconds = Math.floor(rest / 100) / 10;
  if (seconds > 0) parts.push(`${String(seconds)}s`);
  return parts.length > 0 ? parts.join(' ') : '0ms';
}

/**
 * Like formatDuration, but splits the sub-second part into ms, µs and ns (for fast query timings).
 *
 * @example
 * formatDurationSub(1.5);  // '1ms 500µs'
 * formatDurationSub(0.25); // '250µs'
 */
export function formatDurationSub(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 0) return `-${formatDurationSub(-ms)}`;
  const whole = Math.floor(ms);
  const parts: string[] = [];
  if (whole >= 1000) {
    const seconds = Math.floor(whole / 1000) * 1000;
    parts.push(formatDuration(seconds));
  }
  const millis = whole % 1000;
  // Work in integer nanoseconds so float noise (0.1 + 0.2) does not leak into the output.
  const nanos = Math.round((ms - whole) * 1e6);
  const micros = Math.floor(nanos / 1000);
  const nanosRest = nanos % 1000;
  if (millis > 0) parts.push(`${millis}ms`);
  if (micros > 0) parts.push(`${micros}µs`);
  if (nanosRest > 0) parts.push(`${nanosRest}ns`);
  return parts.length > 0 ? parts.join(' ') : '0ms';
}
