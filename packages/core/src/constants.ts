/**
 * Business constants and limits (spec 1 §9, spec 3 §9), named once so views, charts and server agree.
 * Values are the spec's, verbatim.
 */

// --- Async events (spec 1 §4, §9) ---
/** Polling delay of the async-event client. */
export const ASYNC_EVENT_POLLING_DELAY_MS = 500;
/** Retries for an event that arrives before its listener. */
export const ASYNC_EVENT_LISTENER_MAX_RETRIES = 6;
/** Retry delay unit: attempt n waits n × this. */
export const ASYNC_EVENT_LISTENER_RETRY_DELAY_MS = 100;
/** Websocket reconnect attempts before falling back to polling. */
export const ASYNC_EVENT_WS_MAX_RETRIES = 6;
/** Delay between websocket reconnect attempts. */
export const ASYNC_EVENT_WS_RETRY_DELAY_MS = 2500;
/** Local-storage key holding the last received async event id. */
export const ASYNC_EVENT_LAST_ID_STORAGE_KEY = 'last_async_event_id';
/** Polling endpoint of async events. */
export const ASYNC_EVENT_ENDPOINT = '/api/v1/async_event/';

// --- Lists, selects, home (spec 1 §9) ---
export const SELECT_PAGE_SIZE = 100;
export const DEFAULT_MAX_TAGS_SHOWN = 4;
export const LIST_FILTER_WIDTHS = [175, 300] as const;
export const RECENT_ITEMS_PAGE_SIZE = 5;
export const RECENT_ITEMS_CACHE_SIZE = 6;
export const HOME_MAX_EDITED_ITEMS = 3;
export const DEFAULT_TABLE_PAGE_SIZE = 15;
export const TABLE_PAGE_SIZE_OPTIONS = [5, 15, 25, 50, 100] as const;
export const VIRTUAL_ROW_HEIGHTS = [39, 47] as const;
export const CARD_GRID_COLUMN_WIDTH_PX = 300;
export const LOADING_SKELETON_CARDS = 25;
/** Cross-link tooltips show at most this many links, then '+ N more'. */
export const MAX_CROSS_LINKS = 20;
export const CHART_LIST_PAGE_SIZE = 200;
export const DEFAULT_PAGINATION_PAGE_SIZE = 10;
export const TABLE_LIST_DEFAULT_PAGE_SIZE = 25;

// --- Chart controls (spec 1 §9, spec 3 §9) ---
/** Time shift choices. */
export const TIME_SHIFT_CHOICES = [
  '1 day',
  '1 week',
  '28 days',
  '30 days',
  '52 weeks',
  '1 year',
  '104 weeks',
  '2 years',
  '156 weeks',
  '3 years',
] as const;
/** Rolling types ('None' disables rolling). */
export const ROLLING_TYPES = ['None', 'mean', 'sum', 'std', 'cumsum'] as const;
/** Comparison types of time comparison. */
export const COMPARISON_TYPES = ['values', 'absolute', 'percentage', 'ratio'] as const;
/** Resample rules. */
export const RESAMPLE_RULES = ['1T', '1H', '1D', '7D', '1M', '1AS'] as const;
/** Resample methods. */
export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'] as const;
/** Series limit choices. */
export const SERIES_LIMIT_CHOICES = [5, 10, 25, 50, 100, 500] as const;
/** Row limit choices of the row-limit control. */
export const ROW_LIMIT_CHOICES = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
/** Default of the row-limit control (spec 3 §9). */
export const DEFAULT_ROW_LIMIT_CONTROL = 10000;
/** Row limit in default form data (spec 1 §9) — distinct from the control's default. */
export const DEFAULT_FORM_DATA_ROW_LIMIT = 1000;
/** Chart row thresholds (warnings at these row counts). */
export const CHART_ROW_THRESHOLDS = [100000, 500000] as const;
/** Default time range. */
export const DEFAULT_TIME_RANGE = 'No filter';
/** Default metric. */
export const DEFAULT_METRIC = 'COUNT(*)';
/** Default viz type when configuration gives none. */
export const DEFAULT_VIZ_TYPE = 'table';
/** Default chart sizes (width, height). */
export const DEFAULT_CHART_SIZES = [240, 320] as const;

// --- Locales and labels ---
export const LOCALES = ['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt_BR', 'ru', 'ko', 'sk', 'sl', 'nl'] as const;
export const EMPTY_STRING_LABEL = '<empty string>';
export const NULL_LABEL = '<NULL>';
export const TRUE_LABEL = 'TRUE';
export const FALSE_LABEL = 'FALSE';
/** Display strings (spec 3 §9). */
export const NULL_DISPLAY = 'N/A';
export const TRUE_DISPLAY = 'True';
export const FALSE_DISPLAY = 'False';

// --- Timing ---
export const SLOW_DEBOUNCE_MS = 500;
export const FAST_DEBOUNCE_MS = 250;
/** Toast durations by type (spec 3 §9). */
export const TOAST_DURATIONS_MS = { info: 4000, success: 4000, warning: 6000, danger: 8000 } as const;
export const SQL_TAB_SYNC_INTERVAL_MS = 5000;
export const LOG_BATCH_SIZE = 1024;
export const LOG_BATCH_DELAY_MS = 1000;
/** Tab names shown in tags are truncated to this many characters. */
export const TAB_NAME_MAX_LENGTH = 20;

// --- Modals ---
export const MODAL_DEFAULT_WIDTH_PX = 600;
export const MODAL_RESPONSIVE_MAX_WIDTH_PX = 900;
export const MODAL_MIN_WIDTH_PX = 380;
export const MODAL_MIN_HEIGHTS_PX = [109, 174] as const;

// --- Formats (spec 3 §9) ---
/** Id of the adaptive number format (the default). */
export const SMART_NUMBER_FORMAT = 'SMART_NUMBER';
/** Id of the adaptive date format (the default). */
export const SMART_DATE_FORMAT = 'smart_date';
/** Number formats offered. */
export const NUMBER_FORMAT_OPTIONS = [',d', '.1s', '.3s', ',.1%', '.2%', '.3%', '.4r', ',.1f', ',.2f', ',.3f', '+,', '$,.2f'] as const;
/** Duration and memory format ids offered alongside. */
export const SPECIAL_NUMBER_FORMATS = ['DURATION', 'DURATION_SUB', 'MEMORY_DECIMAL', 'MEMORY_BINARY'] as const;
/** Date formats offered. */
export const DATE_FORMAT_OPTIONS = [
  '%d/%m/%Y',
  '%m/%d/%Y',
  '%d.%m.%Y',
  '%Y-%m-%d',
  '%Y-%m-%d %H:%M:%S',
  '%d-%m-%Y %H:%M:%S',
  '%H:%M:%S',
] as const;

// --- Themes (spec 1 §3, spec 3 §3) ---
export const THEMES = ['default', 'dark', 'compact'] as const;
export const THEME_MODES = ['default', 'dark', 'system'] as const;

// --- Feature flags referenced (spec 3 §9) ---
export const FEATURE_FLAGS = ['DashboardRbac', 'TaggingSystem', 'ConfirmDashboardDiff', 'SqllabBackendPersistence'] as const;

/**
 * Default form data of a new chart (spec 1 §9): row limit 1000, time range 'No filter'.
 *
 * @example
 * const formData = { ...DEFAULT_FORM_DATA, datasource: '1__table', viz_type: 'table' };
 */
export const DEFAULT_FORM_DATA = Object.freeze({
  row_limit: DEFAULT_FORM_DATA_ROW_LIMIT,
  time_range: DEFAULT_TIME_RANGE,
});
