/**
 * A legend that hides and shows series: the chart keeps one set of hidden series keys across redraws, the
 * legend reads it to draw each entry pressed or not, and a click (or Enter/Space, the entry being a native
 * button) flips the key in the set before the chart updates its marks.
 */
import { renderLegend } from './legend';

/** A series the legend can hide: `key` is what the chart's hidden set holds (a name, a kind). */
export interface ToggleLegendEntry<K> {
  key: K;
  name: string;
  color: string;
}

/**
 * Renders `entries` as a legend whose state lives in `hidden`; `onChange(key, visible)` fires after the set
 * has been updated, for the chart to show or hide the series' marks or to redraw.
 *
 * @example
 * const hidden = new Set<string>();
 * renderToggleLegend(series.map((s) => ({ key: s.name, name: s.name, color: s.color })), hidden, () => redraw());
 */
export function renderToggleLegend<K>(entries: ReadonlyArray<ToggleLegendEntry<K>>, hidden: Set<K>, onChange: (key: K, visible: boolean) => void): HTMLUListElement {
  const items = entries.map((e) => ({ name: e.name, color: e.color, visible: !hidden.has(e.key) }));
  return renderLegend(items, (i, visible) => {
    const { key } = entries[i];
    if (visible) hidden.delete(key);
    else hidden.add(key);
    onChange(key, visible);
  });
}
