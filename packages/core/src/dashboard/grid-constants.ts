/** Dashboard grid constants of spec 2 §9. */

/** Pixels per grid unit; heights are stored in units of this. */
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 2 * GRID_BASE_UNIT;
export const GRID_ROW_HEIGHT_UNIT = 2 * GRID_BASE_UNIT;
/** Columns of a grid row (the maximum width of a row's children together). */
export const GRID_COLUMN_COUNT = 12;
/** Narrowest a resized component may become, in columns. */
export const GRID_MIN_COLUMN_WIDTH = 4;
/** Width given to a chart placed without one (hydration, new components), in columns. */
export const GRID_DEFAULT_CHART_WIDTH = 5;
/** Height given to a chart placed without one, in GRID_BASE_UNITs. */
export const GRID_DEFAULT_CHART_HEIGHT = 50;
/** Largest value accepted for a stored size. */
export const GRID_MAX_INT = 65535;

export const SMALL_HEADER = 'SMALL_HEADER';
export const MEDIUM_HEADER = 'MEDIUM_HEADER';
export const LARGE_HEADER = 'LARGE_HEADER';
export const HEADER_SIZES = [SMALL_HEADER, MEDIUM_HEADER, LARGE_HEADER] as const;

export const BACKGROUND_WHITE = 'BACKGROUND_WHITE';
export const BACKGROUND_TRANSPARENT = 'BACKGROUND_TRANSPARENT';
export const BACKGROUNDS = [BACKGROUND_WHITE, BACKGROUND_TRANSPARENT] as const;

/** Drop-zone edge distance and detection margin, in pixels (spec 2 §4). */
export const DROP_EDGE_DISTANCE = 20;
export const DROP_DETECT_MARGIN = 20;

/** Undo steps kept; history holds UNDO_LIMIT + 2 so exceeding the limit can be detected (spec 2 §9). */
export const UNDO_LIMIT = 50;
export const UNDO_HISTORY_SIZE = UNDO_LIMIT + 2;

/** A deleted native filter stays restorable for this long (spec 2 §9). */
export const FILTER_REMOVAL_UNDO_MS = 5000;
/** Label colour sync is debounced (spec 2 §4). */
export const LABEL_COLOR_SYNC_DEBOUNCE_MS = 500;
/** Refresh defaults (spec 2 §9). */
export const DEFAULT_REFRESH_FREQUENCY = 0;
export const DEFAULT_STAGGER_TIME_MS = 5000;
