/**
 * A categorical colour scale keyed by label. Priority: the chart's/dashboard's `label_colors` overrides,
 * then (on a dashboard) the shared map so a label keeps the colour it got in another chart, then the
 * scheme in order of first appearance, skipping colours this chart already used while any remain.
 * In Explore the shared map is ignored: colours are assigned per chart in order (spec 1 §4).
 *
 * On a dashboard every label's colour is remembered in the shared map (the incumbent's map_label_colors),
 * not only the labels of `shared_label_colors`: a chart draws again with a fresh scale whenever it
 * resizes or requeries, and a label the map did not hold would be given the first colour no other label
 * holds, which moves as soon as another chart (a newly added one) takes colours. Remembered, a label keeps
 * its colour however many charts are added.
 */
import { getCategoricalScheme } from './schemes';
import type { ColorSource, LabelsColorMap } from './labels-color-map';

/** Options of a categorical colour scale. */
export interface CategoricalColorScaleOptions {
  /** Scheme id (color_scheme or dashboard_color_scheme). */
  scheme?: string | null;
  /** Explicit colours (form data / dashboard `label_colors`), which always win. */
  labelColors?: Record<string, string>;
  /**
   * Dashboard `shared_label_colors`: a label list (the labels shown by more than one chart; kept and
   * saved as is, every label goes through the shared map) or a legacy label -> colour record (treated as
   * overrides on a dashboard).
   */
  sharedLabelColors?: string[] | Record<string, string>;
  source?: ColorSource;
  /** The dashboard's shared map; required for consistent colours across charts of a dashboard. */
  sharedMap?: LabelsColorMap;
}

/** A label -> colour scale. */
export interface CategoricalColorScale {
  readonly source: ColorSource;
  readonly colors: readonly string[];
  getColor(label: unknown): string;
  /** Labels seen by this chart with their colours, in first-seen order. */
  domain(): Array<[string, string]>;
}

/**
 * Creates a categorical colour scale.
 *
 * @example
 * const shared = createLabelsColorMap();
 * const a = createCategoricalColorScale({ scheme: 'd3Category10', source: 'dashboard', sharedMap: shared });
 * const b = createCategoricalColorScale({ scheme: 'd3Category10', source: 'dashboard', sharedMap: shared });
 * a.getColor('girl'); // '#1f77b4'
 * b.getColor('boy');  // '#ff7f0e' (girl's colour is taken on this dashboard)
 * b.getColor('girl'); // '#1f77b4': one label, one colour
 */
export function createCategoricalColorScale(options: CategoricalColorScaleOptions = {}): CategoricalColorScale {
  const colors = getCategoricalScheme(options.scheme);
  const source = options.source ?? 'explore';
  const overrides: Record<string, string> = { ...(options.labelColors ?? {}) };
  if (source === 'dashboard' && options.sharedLabelColors && !Array.isArray(options.sharedLabelColors)) {
    for (const [k, v] of Object.entries(options.sharedLabelColors)) if (!(k in overrides)) overrides[k] = v;
  }
  const chartMap = new Map<string, string>();
  const used = new Map<string, number>();
  let cursor = 0;
  const useShared = source === 'dashboard' && options.sharedMap !== undefined;

  const nextSchemeColor = (): string => {
    // Prefer the first colour in scheme order not used by this chart (nor, on a dashboard, by another
    // label of the shared map); cycle when all are used.
    const taken = source === 'dashboard' && options.sharedMap ? new Set(options.sharedMap.entries().map(([, c]) => c)) : undefined;
    for (let k = 0; k < colors.length; k++) {
      const c = colors[(cursor + k) % colors.length];
      if (!used.has(c) && !taken?.has(c)) {
        cursor = (cursor + k + 1) % colors.length;
        return c;
      }
    }
    const c = colors[cursor % colors.length];
    cursor = (cursor + 1) % colors.length;
    return c;
  };

  return {
    source,
    colors,
    getColor(value) {
      const label = String(value ?? '').trim();
      const known = chartMap.get(label);
      if (known) return known;
      let color: string | undefined = overrides[label];
      if (!color && useShared) color = options.sharedMap!.get(label);
      if (!color) color = nextSchemeColor();
      chartMap.set(label, color);
      used.set(color, (used.get(color) ?? 0) + 1);
      if (useShared && !overrides[label]) options.sharedMap!.set(label, color);
      return color;
    },
    domain: () => [...chartMap.entries()],
  };
}
