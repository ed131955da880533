/**
 * Form data rules of Explore: control defaults of the chosen plugin, the time column default of the
 * x-axis, fixed-choice selects dropping unknown values (spec 1 §5), viz-type switches that keep what the
 * charts share, and validation (plugin validators + metric SQL pattern).
 */
import type { ChartPlugin, ControlItem, ControlPanelConfig, ControlPanelSection } from '@lumen-bi/charts';
import { getControlDefaults, getControlPanel, validateControls } from '@lumen-bi/charts';
import { DEFAULT_TIME_RANGE, QUERY_FIELD_ALIASES, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { filterToChoices } from '../components/select-values';
import type { DatasourceMetadata } from './explore-types';
import { metricError } from './metric-sql';

/**
 * A plugin's control panel. The panels live apart from the runtime plugins (charts' control-panels.ts) so
 * that only Explore loads them.
 *
 * @example
 * controlPanelOf(tablePlugin).sections[0].label; // 'Query'
 */
export function controlPanelOf(plugin: ChartPlugin): ControlPanelConfig {
  return getControlPanel(plugin.metadata.vizType);
}

/** Every control item of a plugin's panel. */
export function panelControls(plugin: ChartPlugin): ControlItem[] {
  return controlPanelOf(plugin).sections.flatMap((section) => section.controlSetRows.flat());
}

/** The dataset's time column: its main datetime column, else its first temporal column. */
export function timeColumnOf(datasource: DatasourceMetadata | null): string | null {
  if (!datasource) return null;
  if (datasource.main_dttm_col && datasource.columns.some((c) => c.column_name === datasource.main_dttm_col)) return datasource.main_dttm_col;
  return datasource.columns.find((c) => c.is_dttm || c.type_generic === 2)?.column_name ?? null;
}

/**
 * The 'Time' section Explore adds for plugins that declare no time range of their own: the time column
 * (granularity_sqla) and the time range, 'No filter' by default (spec 3 §9). Only for datasets with a
 * temporal column, since there is nothing to filter otherwise.
 *
 * @example
 * timeSection(tablePlugin, birthNames)?.controlSetRows.flat().map((c) => c.name); // ['granularity_sqla', 'time_range']
 */
export function timeSection(plugin: ChartPlugin, datasource: DatasourceMetadata | null): ControlPanelSection | null {
  if (!datasource || !timeColumnOf(datasource) || panelControls(plugin).some((c) => c.name === 'time_range')) return null;
  const temporal = datasource.columns.filter((c) => c.is_dttm || c.type_generic === 2).map((c) => [c.column_name, c.verbose_name || c.column_name] as const);
  return {
    label: 'Time',
    expanded: true,
    controlSetRows: [
      [{ name: 'granularity_sqla', config: { type: 'SelectControl', label: 'Time column', choices: temporal } }],
      [{ name: 'time_range', config: { type: 'TimeRangeControl', label: 'Time range', default: DEFAULT_TIME_RANGE } }],
    ],
  };
}

// Single selects whose stored values must be among the choices; free-form and data-driven controls keep theirs.
const FIXED_CHOICE_TYPES = new Set(['SelectControl', 'RollingControl', 'ColorSchemeControl']);

/**
 * Fills a plugin's control defaults under the given form data, defaults the x-axis to the time column,
 * and drops values of fixed-choice selects that are not among the choices.
 *
 * A saved chart (`saved`, its form data from savedChartFormData) gets only the defaults that leave its
 * query unchanged: one that reaches the query (a time grain, a sort, a time column) would make Explore
 * query other numbers than the dashboards, <bi-chart> and embeds that draw the chart as saved.
 *
 * @example
 * prepareFormData(linePlugin, { datasource: '1__table', viz_type: 'echarts_timeseries_line' }, birthNames).x_axis; // 'ds'
 * prepareFormData(bigNumberPlugin, savedBigNumber, messages, { saved: true }).time_grain_sqla; // as saved, even if absent
 */
export function prepareFormData(plugin: ChartPlugin, formData: QueryFormData, datasource: DatasourceMetadata | null, { saved = false } = {}): QueryFormData {
  const out: QueryFormData = withDefaults(plugin, formData, saved);
  const time = timeSection(plugin, datasource);
  if (time && !saved) {
    out.time_range ??= DEFAULT_TIME_RANGE;
    out.granularity_sqla ??= timeColumnOf(datasource) ?? undefined;
  }
  for (const { name, config } of panelControls(plugin)) {
    if (!saved && name === 'x_axis' && (out.x_axis === undefined || out.x_axis === null || out.x_axis === '')) {
      const time = timeColumnOf(datasource);
      if (time) out.x_axis = time;
    }
    if (FIXED_CHOICE_TYPES.has(config.type) && config.choices && !config.freeForm && name in out) {
      const choices = config.choices.map(([value, label]) => ({ value, label }));
      out[name] = filterToChoices(out[name], choices, Boolean(config.multi));
    }
  }
  return out;
}

/**
 * A time range filters on the Time section's time column: a saved chart opened without one (its absent
 * time column is kept, see prepareFormData) gets the dataset's as soon as a range is picked, or the range
 * would filter nothing.
 *
 * @example
 * withTimeColumn(tablePlugin, { ...savedTable, time_range: 'Last year' }, birthNames).granularity_sqla; // 'ds'
 */
export function withTimeColumn(plugin: ChartPlugin | null, formData: QueryFormData, datasource: DatasourceMetadata | null): QueryFormData {
  const range = formData.time_range;
  if (!plugin || !range || range === DEFAULT_TIME_RANGE || formData.granularity_sqla || !timeSection(plugin, datasource)) return formData;
  const column = timeColumnOf(datasource);
  return column ? { ...formData, granularity_sqla: column } : formData;
}

/**
 * The form data with the plugin's control defaults under it. A saved chart takes a default only when it
 * leaves the query as saved: render-only ones, and those the query already assumes when the value is
 * absent (a sort order that defaults to descending), so the controls show what the chart does.
 */
function withDefaults(plugin: ChartPlugin, formData: QueryFormData, saved: boolean): QueryFormData {
  const defaults = getControlDefaults(controlPanelOf(plugin)) as Partial<QueryFormData>;
  if (!saved) return { ...defaults, ...formData };
  const renderOnly = new Set(panelControls(plugin).filter((c) => c.config.renderTrigger).map((c) => c.name));
  let out = formData;
  let query = queriesOf(plugin, out);
  for (const [name, value] of Object.entries(defaults)) {
    if (out[name] !== undefined) continue;
    const candidate = { ...out, [name]: value };
    const candidateQuery = renderOnly.has(name) ? query : queriesOf(plugin, candidate);
    if (candidateQuery === null || candidateQuery !== query) continue;
    out = candidate;
    query = candidateQuery;
  }
  return out;
}

/** The queries a form data builds, as JSON to compare; null when they cannot be built. */
function queriesOf(plugin: ChartPlugin, formData: QueryFormData): string | null {
  try {
    return JSON.stringify(plugin.buildQuery(formData).queries);
  } catch {
    return null;
  }
}

// Keys every chart reads the same way, so switching viz type keeps the user's query.
const SHARED_KEYS = ['datasource', 'slice_id', 'adhoc_filters', 'time_range', 'granularity_sqla', 'time_grain_sqla', 'groupby', 'row_limit', 'color_scheme', 'url_params'];

/**
 * The form data after a viz-type switch: shared keys carried over, metrics translated between the
 * single `metric` and list `metrics` controls, then the new plugin's defaults.
 *
 * @example
 * switchVizType(tablePlugin, { ...lineFormData, viz_type: 'table' }, ds).metrics; // the line chart's metrics
 */
export function switchVizType(plugin: ChartPlugin, previous: QueryFormData, datasource: DatasourceMetadata | null): QueryFormData {
  const names = new Set(panelControls(plugin).map((item) => item.name));
  const next: QueryFormData = { datasource: previous.datasource, viz_type: plugin.metadata.vizType };
  for (const key of SHARED_KEYS) if (previous[key] !== undefined) next[key] = previous[key];
  const metrics = (previous.metrics as QueryFormMetric[] | undefined) ?? (previous.metric ? [previous.metric as QueryFormMetric] : []);
  if (names.has('metrics') && metrics.length) next.metrics = metrics;
  if (names.has('metric') && metrics.length) next.metric = metrics[0];
  if (names.has('x_axis') && previous.x_axis) next.x_axis = previous.x_axis;
  return prepareFormData(plugin, next, datasource);
}

/**
 * Errors per control: the plugin's validators, plus the metric SQL pattern for every metric control.
 *
 * @example
 * validateFormData(linePlugin, { ...fd, metrics: [] }); // { metrics: ['cannot be empty'] }
 */
export function validateFormData(plugin: ChartPlugin, formData: QueryFormData): Record<string, string[]> {
  const errors = validateControls(controlPanelOf(plugin), formData);
  for (const { name, config } of panelControls(plugin)) {
    if (config.type !== 'MetricsControl' || (config.visibility && !config.visibility(formData))) continue;
    const value = formData[name];
    const list = (Array.isArray(value) ? value : value ? [value] : []) as QueryFormMetric[];
    const messages = [...new Set(list.map(metricError).filter((m): m is string => m !== null))];
    if (messages.length) errors[name] = [...(errors[name] ?? []), ...messages];
  }
  return errors;
}

/**
 * The labels of the controls to fill when the chart's query would select nothing (no metric, no column):
 * the server refuses such a query, so Explore asks for them instead of running it. Null when the query
 * selects something, or cannot be built yet (running it then says why).
 *
 * @example
 * emptyQueryControls(tablePlugin, { datasource: '1__table', viz_type: 'table', query_mode: 'aggregate' });
 * // ['Dimensions', 'Metrics', 'Percentage metrics']
 */
export function emptyQueryControls(plugin: ChartPlugin, formData: QueryFormData): string[] | null {
  // A chart that loads its own data (deck_multi layers saved charts) sends no query of its own.
  if (plugin.loadData) return null;
  let queries;
  try {
    queries = plugin.buildQuery(formData).queries;
  } catch {
    return null;
  }
  if (queries.some((q) => (q.metrics?.length ?? 0) > 0 || (q.columns?.length ?? 0) > 0)) return null;
  const labels = panelControls(plugin)
    .filter(({ name, config }) => QUERY_FIELD_ALIASES[name] && QUERY_FIELD_ALIASES[name] !== 'orderby' && (!config.visibility || config.visibility(formData)))
    .map(({ config }) => config.label);
  return [...new Set(labels)];
}

export { parseParams } from '@lumen-bi/core';
