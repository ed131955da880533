/** Resize awareness: hosts call chart.resize(); this helper wires a ResizeObserver for hosts that want it. */
import type { ChartInstance } from '../types';

/**
 * Observes an element and resizes the chart to its content box. Returns a disconnect function; a no-op
 * where ResizeObserver is unavailable.
 *
 * @example
 * const stop = observeResize(container, chart);
 * // later: stop(); chart.destroy();
 */
export function observeResize(element: HTMLElement, chart: Pick<ChartInstance<never>, 'resize'>): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  let last = '';
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (!box) return;
    const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
    // Observers fire on attach too; skipping unchanged sizes avoids a redundant redraw.
    if (key === last) return;
    last = key;
    chart.resize(Math.round(box.width), Math.round(box.height));
  });
  observer.observe(element);
  return () => observer.disconnect();
}
