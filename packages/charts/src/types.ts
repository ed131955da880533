/**
 * The plugin contract: metadata + pure buildQuery/transformProps + a framework-free render. Kept apart from
 * any registry so plugins and hosts depend on types only. Control panels are Explore's alone and live apart
 * (control-panels.ts), so what renders a chart never loads them.
 */
import type { AbortSignalLike, ApiClient, ChartDataFetcher, ChartDataResponseResult, QueryContext, QueryFormData } from '@lumen-bi/core';
import type { CategoricalColorScale } from './colors/categorical-color-scale';

/**
 * Visual tokens a chart needs. Colours are CSS colour values, usually `var(--bi-*, fallback)`: DOM and SVG
 * charts use them as they are, so a chart follows its page's theme (light, dark, a host's own tokens) and
 * changes with it; canvas charts resolve them where they draw (resolveThemeColors).
 */
export interface ChartTheme {
  text: string;
  mutedText: string;
  grid: string;
  background: string;
  primary: string;
  positive: string;
  negative: string;
  fontFamily: string;
  fontSize: number;
}

/** The chart theme of the `--bi-*` theme tokens; the fallbacks are the light theme's, for pages without tokens. */
export const DEFAULT_CHART_THEME: ChartTheme = Object.freeze({
  text: 'var(--bi-color-text, #323232)',
  mutedText: 'var(--bi-color-text-muted, #666666)',
  grid: 'var(--bi-color-border, #e0e0e0)',
  background: 'var(--bi-color-surface, #ffffff)',
  primary: 'var(--bi-color-primary, #20a7c9)',
  positive: 'var(--bi-color-positive, #2e7d46)',
  negative: 'var(--bi-color-negative, #c0392b)',
  fontFamily: "var(--bi-font-family, Inter, 'Helvetica Neue', Arial, sans-serif)",
  fontSize: 12,
});

/** Behaviours a chart supports (the incumbent's Behavior enum). */
export type ChartBehavior = 'INTERACTIVE_CHART' | 'NATIVE_FILTER' | 'DRILL_TO_DETAIL' | 'DRILL_BY';

/** Catalogue facts about a viz type. */
export interface ChartMetadata {
  vizType: string;
  name: string;
  category: string;
  description: string;
  tags: readonly string[];
  /** A small inline SVG string, safe to inject (no scripts, no external refs). */
  thumbnail: string;
  behaviors: readonly ChartBehavior[];
}

/** Input of transformProps: what the host knows once the chart-data response is in. */
export interface TransformPropsInput<FD extends QueryFormData = QueryFormData> {
  formData: FD;
  queriesData: ChartDataResponseResult[];
  width: number;
  height: number;
  theme?: ChartTheme;
  colorScale?: CategoricalColorScale;
  /**
   * The resolved colour of the surface the chart is drawn on (e.g. 'rgb(34, 39, 46)'), when the host knows
   * it: on a dark surface series colours are lifted until they stand out (chartColorScale).
   */
  surface?: string;
  /** Set once the user confirmed drawing more than the blocking row threshold. */
  confirmedLargeRender?: boolean;
  /**
   * The deployment's MapLibre style URL (server configuration LUMEN_MAP_STYLE_URL, from GET
   * /api/v1/client_config/): the deck charts draw it under their layers. Never from form data. Absent or
   * null: the offline base map.
   */
  mapStyleUrl?: string | null;
}

/**
 * A chart's cross-filter selection: values of one column (null clears it), or, with `filters`, one value
 * of each of several columns at once (a heatmap cell is its x AND its y).
 */
export interface CrossFilterSelection {
  column: string;
  /** The selected values; the host hands them back as crossFilterValues (what the chart highlights). */
  values: unknown[];
  /**
   * Equality filters ANDed together, used instead of `column IN values` when set: a selection that is a
   * point on several columns cannot be expressed as one column's value list.
   */
  filters?: { column: string; value: unknown }[];
  /** Text describing the selection in the filter bar; the values joined by ', ' when absent. */
  label?: string;
}

/**
 * Optional cross-filter hook of the render props: the host (a dashboard with cross_filters_enabled) sets
 * it after transformProps; a plugin that supports it makes its marks clickable and highlights
 * `crossFilterValues` (the current selection) instead of filtering itself.
 */
export interface CrossFilterProps {
  onCrossFilter?(selection: CrossFilterSelection | null): void;
  crossFilterValues?: unknown[];
}

/** A mounted chart. */
export interface ChartInstance<P> {
  update(props: P): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

/**
 * What a chart that loads its own data gets from its host: the host's API client (its session or guest
 * token) and request context, so the chart's requests are authorised and scoped as the host's own.
 */
export interface ChartDataLoadContext {
  api: ApiClient;
  formData: QueryFormData;
  /** The dashboard the chart is drawn on (sent with each chart-data request, as the host's own). */
  dashboardId?: number;
  force: boolean;
  signal?: AbortSignalLike;
  /** Sends one chart-data request: the host's fetcher (a dashboard's hands over prefetched requests). */
  fetchData: ChartDataFetcher;
}

/**
 * A viz plugin: what renders a chart. Methods (not function-typed properties) so a `ChartPlugin<TableProps>`
 * can be stored next to other plugins in one registry. Its control panel is getControlPanel(vizType).
 */
export interface ChartPlugin<P extends object = object> {
  metadata: ChartMetadata;
  buildQuery(formData: QueryFormData): QueryContext;
  transformProps(input: TransformPropsInput): P;
  render(element: HTMLElement, props: P): ChartInstance<P>;
  /**
   * Set by a chart whose data is other saved charts' data (deck_multi layers saved deck charts): the host
   * calls it instead of sending buildQuery's request, and hands what it answers to transformProps.
   */
  loadData?(context: ChartDataLoadContext): Promise<ChartDataResponseResult[]>;
}
