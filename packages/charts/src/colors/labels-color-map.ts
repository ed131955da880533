/**
 * The label -> colour map shared by the charts of one dashboard, so one label keeps one colour across
 * it. Created per dashboard (or per embedded element), never a module singleton.
 */

/** Where a chart is shown: colour mapping differs (spec 1 §4). */
export type ColorSource = 'dashboard' | 'explore';

/** A shared label -> colour map. */
export interface LabelsColorMap {
  get(label: string): string | undefined;
  set(label: string, color: string): void;
  /** Every label and its colour, e.g. to persist as the dashboard's map_label_colors. */
  entries(): Array<[string, string]>;
  clear(): void;
}

/**
 * Creates an empty shared map, optionally seeded (e.g. from a dashboard's map_label_colors).
 *
 * @example
 * const shared = createLabelsColorMap({ boy: '#1FA8C9' });
 * shared.get('boy'); // '#1FA8C9'
 */
export function createLabelsColorMap(seed: Record<string, string> = {}): LabelsColorMap {
  const map = new Map<string, string>(Object.entries(seed));
  return {
    get: (label) => map.get(label),
    set: (label, color) => {
      map.set(label, color);
    },
    entries: () => [...map.entries()],
    clear: () => map.clear(),
  };
}
