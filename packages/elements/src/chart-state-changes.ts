/**
 * Which chart states are news. The dashboard view reports the states of all its charts whenever one of them
 * changes, and a chart may report the same state twice (a re-render); a host listening to `bi-chart-state`
 * wants one event per real change of one chart, so each element keeps the last state it announced per chart.
 */

/** A chart's state as the elements announce it (status, rowCount, error, ...): compared key by key. */
type ChartStateLike = object;

function shallowEqual(a: ChartStateLike, b: ChartStateLike): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!Object.is(left[key], right[key])) return false;
  return true;
}

/**
 * @example
 * const isNews = createChartStateChanges();
 * isNews(7, { status: 'loading' }); // true
 * isNews(7, { status: 'loading' }); // false: the same state again
 * isNews(8, { status: 'loading' }); // true: another chart
 */
export function createChartStateChanges(): (chartId: number | null, state: ChartStateLike) => boolean {
  const last = new Map<number | null, ChartStateLike>();
  return (chartId, state) => {
    const previous = last.get(chartId);
    if (previous && shallowEqual(previous, state)) return false;
    last.set(chartId, { ...state });
    return true;
  };
}
