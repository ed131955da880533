/**
 * Declarative control-panel description: the views package renders it; charts only describe it, so a
 * control panel is plain data that can be tested and serialised.
 */
import type { QueryFormData } from '@lumen-bi/core';

/** Control widget kinds the explore view knows how to render. */
export type ControlType =
  | 'MetricsControl'
  | 'GroupByControl'
  | 'AdhocFilterControl'
  | 'TimeRangeControl'
  | 'TimeGrainControl'
  | 'SelectControl'
  | 'CheckboxControl'
  | 'TextControl'
  | 'NumberControl'
  | 'ColorSchemeControl'
  | 'ColorPickerControl'
  | 'NumberFormatControl'
  | 'DateFormatControl'
  | 'RowLimitControl'
  | 'SeriesLimitControl'
  | 'SortControl'
  | 'RollingControl'
  | 'TimeCompareControl'
  | 'ResampleControl'
  | 'ConditionalFormattingControl'
  | 'BoundsControl'
  /** Two times of day ('HH:mm:ss', either null), e.g. the Gantt chart's x_axis_time_bounds. */
  | 'TimeOfDayBoundsControl'
  | 'TimeSeriesColumnControl'
  /** A currency ({symbol: ISO 4217 code, symbolPosition: 'prefix' | 'suffix'}) around formatted metric values. */
  | 'CurrencyControl'
  /** Saved deck.gl charts by id (deck_multi's deck_slices): a multi-select of the deck charts the user may read. */
  | 'DeckChartsControl'
  /** deck_contour's contours: [{color: rgba, lowerThreshold, upperThreshold?, strokeWidth}] (isolines and isobands). */
  | 'ContourControl'
  /** Where a row's point is: {type: 'latlong', lonCol, latCol} | {type: 'delimited', lonlatCol, reverseCheckbox} | {type: 'geohash', geohashCol}. */
  | 'SpatialControl'
  /** A map's view: {longitude, latitude, zoom, pitch, bearing}. */
  | 'ViewportControl'
  /** The time-series charts' annotation layers: [{name, annotationType, sourceType, value, show, style fields...}]. */
  | 'AnnotationLayerControl';

/** A validator reference: named rules and `{max: n}` ('spatial' and 'viewport' check those controls' objects). */
export type ValidatorSpec = 'nonEmpty' | 'integer' | 'spatial' | 'viewport' | { max: number };

/** One control's configuration. */
export interface ControlConfig {
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  /** [value, label] pairs for selects. */
  choices?: ReadonlyArray<readonly [unknown, string]>;
  multi?: boolean;
  freeForm?: boolean;
  validators?: readonly ValidatorSpec[];
  /** True when a change only re-renders (no new query). */
  renderTrigger?: boolean;
  /** Whether to show the control for the current form data. */
  visibility?: (formData: Partial<QueryFormData>) => boolean;
}

/** A named control in a row. */
export interface ControlItem {
  name: string;
  config: ControlConfig;
}

/** A section of the control panel. */
export interface ControlPanelSection {
  label: string;
  expanded: boolean;
  controlSetRows: ControlItem[][];
}

/** A plugin's control panel. */
export interface ControlPanelConfig {
  sections: ControlPanelSection[];
}
