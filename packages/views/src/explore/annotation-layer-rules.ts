/**
 * The time-series charts' annotation layers (form data `annotation_layers`, the incumbent's
 * AnnotationLayerControl): each layer edited as a draft that only becomes a saved layer once valid, with the
 * incumbent's fields, defaults and rules. The layer pickers' loaders read the annotation store's layers
 * (GET /api/v1/annotation_layer/) and the saved charts a layer may come from (GET /api/v1/chart/).
 */
import type { AnnotationLayer, ApiClient } from '@lumen-bi/core';
import type { LoadSelectOptions } from '../components/select';

export type AnnotationType = NonNullable<AnnotationLayer['annotationType']>;
export type SourceType = NonNullable<AnnotationLayer['sourceType']>;

/** The layer types the time-series charts draw, as the incumbent's editor names them. */
export const ANNOTATION_TYPES: ReadonlyArray<readonly [AnnotationType, string]> = [
  ['FORMULA', 'Formula'],
  ['EVENT', 'Event'],
  ['INTERVAL', 'Interval'],
  ['TIME_SERIES', 'Time series'],
];

/** Where each type's layers come from: a formula has no source; events and intervals the store or a table chart; time series a line chart. */
export const SOURCE_TYPES: Record<AnnotationType, ReadonlyArray<readonly [SourceType, string]>> = {
  FORMULA: [],
  EVENT: [['NATIVE', 'Superset annotation'], ['table', 'Table chart']],
  INTERVAL: [['NATIVE', 'Superset annotation'], ['table', 'Table chart']],
  TIME_SERIES: [['line', 'Line chart']],
};

/** The viz types of the charts a chart-backed layer may read. */
export const SOURCE_VIZ_TYPES: Record<'table' | 'line', readonly string[]> = {
  table: ['table'],
  line: ['echarts_timeseries_line', 'echarts_timeseries_smooth', 'echarts_timeseries_step', 'line'],
};

export const LINE_STYLES: ReadonlyArray<readonly [NonNullable<AnnotationLayer['style']>, string]> = [
  ['solid', 'Solid'],
  ['dashed', 'Dashed'],
  ['longDashed', 'Long dashed'],
  ['dotted', 'Dotted'],
];

export const OPACITIES: ReadonlyArray<readonly [NonNullable<AnnotationLayer['opacity']>, string]> = [
  ['', 'Solid'],
  ['opacityLow', '0.2'],
  ['opacityMedium', '0.5'],
  ['opacityHigh', '0.8'],
];

/** A layer being edited: every field as the form holds it (numbers as typed, the source's id as chosen). */
export interface LayerDraft {
  name: string;
  annotationType: AnnotationType;
  sourceType: SourceType;
  /** The formula, or the chosen layer's or chart's id. */
  value: string | number | null;
  show: boolean;
  showLabel: boolean;
  /** A hex colour, or '' for the chart's colour for the layer name. */
  color: string;
  opacity: NonNullable<AnnotationLayer['opacity']>;
  style: NonNullable<AnnotationLayer['style']>;
  width: string;
  showMarkers: boolean;
  hideLine: boolean;
  timeColumn: string;
  intervalEndColumn: string;
  titleColumn: string;
  descriptionColumns: string[];
  overrides: Record<string, unknown>;
}

export type LayerErrors = Partial<Record<keyof LayerDraft, string>>;

/** The saved list, dropping entries that are not objects. */
export const asLayers = (value: unknown): AnnotationLayer[] =>
  Array.isArray(value) ? value.filter((l): l is AnnotationLayer => typeof l === 'object' && l !== null && !Array.isArray(l)) : [];

const isType = (v: unknown): v is AnnotationType => ANNOTATION_TYPES.some(([t]) => t === v);

/**
 * The draft of a saved layer, or of a new one with the incumbent's defaults (a shown solid formula, 1 px,
 * automatic colour).
 *
 * @example
 * layerToDraft(null).annotationType; // 'FORMULA'
 */
export function layerToDraft(layer: AnnotationLayer | null): LayerDraft {
  const type = isType(layer?.annotationType) ? layer.annotationType : 'FORMULA';
  const value = layer?.value;
  return {
    name: layer?.name ?? '',
    annotationType: type,
    sourceType: layer?.sourceType ?? (SOURCE_TYPES[type][0]?.[0] ?? ''),
    value: value === undefined || value === null || value === '' ? null : value,
    show: layer?.show ?? true,
    showLabel: Boolean(layer?.showLabel),
    color: typeof layer?.color === 'string' ? layer.color : '',
    opacity: layer?.opacity ?? '',
    style: layer?.style ?? 'solid',
    width: String(layer?.width ?? 1),
    showMarkers: Boolean(layer?.showMarkers),
    hideLine: Boolean(layer?.hideLine),
    timeColumn: layer?.timeColumn ?? '',
    intervalEndColumn: layer?.intervalEndColumn ?? '',
    titleColumn: layer?.titleColumn ?? '',
    descriptionColumns: layer?.descriptionColumns ?? [],
    overrides: layer?.overrides ?? {},
  };
}

/**
 * A draft with another type: the type's first source, and no value (a formula is no chart id), as the
 * incumbent's editor resets them.
 */
export function withType(draft: LayerDraft, annotationType: AnnotationType): LayerDraft {
  return { ...draft, annotationType, sourceType: SOURCE_TYPES[annotationType][0]?.[0] ?? '', value: null, timeColumn: '', intervalEndColumn: '', titleColumn: '', descriptionColumns: [] };
}

/** A draft with another source: no value, no columns of the previous source's chart. */
export function withSource(draft: LayerDraft, sourceType: SourceType): LayerDraft {
  return draft.sourceType === sourceType ? draft : { ...draft, sourceType, value: null, timeColumn: '', intervalEndColumn: '', titleColumn: '', descriptionColumns: [] };
}

/**
 * A draft with a chosen chart: its columns start over, and the layer follows this chart's time range (the
 * incumbent's `overrides: { time_range: null }`).
 */
export function withChart(draft: LayerDraft, id: number | null): LayerDraft {
  return { ...draft, value: id, timeColumn: '', intervalEndColumn: '', titleColumn: '', descriptionColumns: [], overrides: { time_range: null } };
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A saved layer from a draft, or the errors naming what is wrong: a name (unique among `otherNames`, as the
 * chart data keys each layer's rows by it), a value, a table chart's time (and end) column, a width. A
 * formula's own check (does it parse?) is the editor's, which loads the evaluator for it.
 *
 * @example
 * draftToLayer({ ...layerToDraft(null), name: 'Goal', value: '2x' }, []).layer?.value; // '2x'
 */
export function draftToLayer(draft: LayerDraft, otherNames: readonly string[]): { layer?: AnnotationLayer; errors: LayerErrors } {
  const errors: LayerErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Name cannot be empty';
  else if (otherNames.includes(name)) errors.name = 'Another layer of this chart has this name';
  const { annotationType: type, sourceType: source } = draft;
  if (blank(draft.value)) errors.value = type === 'FORMULA' ? 'Formula cannot be empty' : source === 'NATIVE' ? 'Choose an annotation layer' : 'Choose a chart';
  if (source === 'table' && (type === 'EVENT' || type === 'INTERVAL') && !draft.timeColumn.trim()) errors.timeColumn = 'Choose the column of the times';
  if (source === 'table' && type === 'INTERVAL' && !draft.intervalEndColumn.trim()) errors.intervalEndColumn = 'Choose the column of the interval ends';
  const width = Number(draft.width);
  if (draft.width.trim() === '' || !Number.isFinite(width) || width < 0) errors.width = 'Line width must be a number of 0 or more';
  if (Object.keys(errors).length) return { errors };
  const layer: AnnotationLayer = {
    name,
    annotationType: type,
    sourceType: source,
    value: typeof draft.value === 'string' ? draft.value.trim() : (draft.value as number),
    overrides: draft.overrides,
    show: draft.show,
    showLabel: draft.showLabel,
    showMarkers: draft.showMarkers,
    hideLine: draft.hideLine,
    color: draft.color || null,
    opacity: draft.opacity,
    style: draft.style,
    width,
    timeColumn: draft.timeColumn,
    intervalEndColumn: draft.intervalEndColumn,
    titleColumn: draft.titleColumn,
    descriptionColumns: draft.descriptionColumns,
  };
  return { layer, errors };
}

/**
 * One line about a layer for the list.
 *
 * @example
 * describeLayer({ name: 'Goal', annotationType: 'FORMULA', value: '2x', show: true } as AnnotationLayer); // 'Goal: Formula 2x'
 */
export function describeLayer(layer: AnnotationLayer): string {
  const type = ANNOTATION_TYPES.find(([t]) => t === layer.annotationType)?.[1] ?? 'Layer';
  const source = layer.annotationType === 'FORMULA' ? String(layer.value ?? '') : (SOURCE_TYPES[layer.annotationType ?? 'FORMULA'].find(([s]) => s === layer.sourceType)?.[1] ?? '');
  return `${layer.name}: ${[type, source].filter(Boolean).join(' ')}${layer.show === false ? ' (hidden)' : ''}`;
}

/** Options per page of the pickers (the lists' maximum is 200). */
const PAGE_SIZE = 50;

/**
 * A page of the annotation store's layers whose name contains `search`, for a NATIVE layer. A failure (the
 * store not there yet answers 404) is the picker's error text.
 *
 * @example
 * const { options } = await annotationLayerOptions(api)('releases', 0);
 */
export function annotationLayerOptions(api: ApiClient): LoadSelectOptions {
  return async (search, page) => {
    const filters = search.trim() ? [{ col: 'name', opr: 'ct', value: search.trim() }] : [];
    const rison = { columns: ['id', 'name'], filters, order_column: 'name', order_direction: 'asc', page, page_size: PAGE_SIZE };
    const { json } = await api.get<{ result: Array<{ id: number; name: string }>; count: number }>('/api/v1/annotation_layer/', { rison });
    return { options: json.result.map((row) => ({ value: row.id, label: row.name })), total: json.count };
  };
}

/**
 * A page of the saved charts a chart-backed layer may read (`table`: table charts; `line`: line charts),
 * whose name contains `search`.
 *
 * @example
 * const { options } = await sourceChartOptions(api, 'line')('', 0);
 */
export function sourceChartOptions(api: ApiClient, source: 'table' | 'line'): LoadSelectOptions {
  return async (search, page) => {
    const filters = [{ col: 'viz_type', opr: 'in', value: SOURCE_VIZ_TYPES[source] }, ...(search.trim() ? [{ col: 'slice_name', opr: 'ct', value: search.trim() }] : [])];
    const rison = { columns: ['id', 'slice_name', 'viz_type'], filters, order_column: 'slice_name', order_direction: 'asc', page, page_size: PAGE_SIZE };
    const { json } = await api.get<{ result: Array<{ id: number; slice_name: string; viz_type: string }>; count: number }>('/api/v1/chart/', { rison });
    return { options: json.result.map((row) => ({ value: row.id, label: `${row.slice_name} (${row.viz_type})` })), total: json.count };
  };
}

const columnName = (c: unknown): string | null =>
  typeof c === 'string' ? c : typeof c === 'object' && c !== null && typeof (c as { label?: unknown }).label === 'string' ? (c as { label: string }).label : null;

/**
 * The columns a table chart's rows have (its dimensions and raw columns, by label), read from its saved form
 * data: what a table layer's time, end, title and description columns are chosen from.
 *
 * @example
 * await sourceChartColumns(api, 12); // ['ds', 'title', 'note']
 */
export async function sourceChartColumns(api: ApiClient, id: number): Promise<string[]> {
  const { json } = await api.get<{ result: { params?: string | null; query_context?: string | null } }>(`/api/v1/chart/${id}`);
  const parse = (text: string | null | undefined): Record<string, unknown> => {
    try {
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const context = parse(json.result.query_context);
  const formData = { ...parse(json.result.params), ...((context.form_data as Record<string, unknown> | undefined) ?? {}) };
  const listed = (key: string) => (Array.isArray(formData[key]) ? (formData[key] as unknown[]) : []);
  const names = [...listed('groupby'), ...listed('all_columns'), ...listed('columns')].map(columnName).filter((n): n is string => Boolean(n));
  return [...new Set(names)];
}
