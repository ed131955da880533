/**
 * @lumen-bi/core — framework-free building blocks: spec types, API client, rison, form data -> query
 * context, data masks, async events, formatters and constants. Explicit re-exports only.
 */
export type {
  Aggregate,
  AdhocMetric,
  AdhocMetricSimple,
  AdhocMetricSQL,
  AdhocColumn,
  AdhocFilter,
  AnnotationLayer,
  FilterClause,
  FilterComparator,
  LegacyExtraFilter,
  MetricColumn,
  QueryFormColumn,
  QueryFormData,
  QueryFormMetric,
  QueryFormOrderBy,
  QueryMode,
  SimpleAdhocFilter,
  SqlAdhocFilter,
} from './form-data-types';
export { AGGREGATES } from './form-data-types';
export type { FilterOp, FilterOperatorId } from './filter-operators';
export { FILTER_OPS, MULTI_VALUE_OPS, OPERATOR_TO_OP, Operators, UNARY_OPS, isFilterOp, toFilterOp } from './filter-operators';
export type {
  ChartDataResponse,
  ChartDataResponseResult,
  ChartDataResultFormat,
  ChartDataResultLayout,
  ChartDataResultType,
  PostProcessingOperation,
  PostProcessingRule,
  QueryContext,
  QueryContextDatasource,
  QueryObject,
  QueryObjectExtras,
  QueryObjectFilterClause,
  QueryStatus,
} from './query-types';
export type { DataMask, DataMaskStateWithId, ExtraFormData, FilterState } from './extra-form-data-types';
export {
  EXTRA_FORM_DATA_APPEND_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS,
} from './extra-form-data-types';
export type { AsyncEvent, AsyncEventTransport, AsyncJobMetadata, AsyncJobStatus } from './async-event-types';
export type { DatasourceKey, DatasourceType } from './datasource-key';
export { DATASOURCE_TYPES, formatDatasourceKey, isDatasourceType, parseDatasourceKey } from './datasource-key';
export { escapeCsvFormula } from './csv-formula';
export type { ErrorExtra, ErrorLevel, ErrorType, IssueCode, StructuredError } from './error-types';
export { ErrorTypeEnum, isErrorType } from './error-type-codes';
export { isStructuredError } from './error-types';
export { COMMON_ERROR_MESSAGES, HTTP_STATUS_MESSAGES, getHttpStatusMessage } from './error-messages';
export { ERROR_TYPE_MESSAGES, getClientErrorMessage, getErrorMessage } from './error-catalogue';
export type { ClientErrorInit, ClientErrorKind } from './client-error';
export {
  ClientError,
  createAbortError,
  createHttpError,
  createNetworkError,
  createTimeoutError,
} from './client-error';
export type {
  AbortControllerLike,
  AbortSignalLike,
  FetchLike,
  HeadersRecord,
  LoggerLike,
  RequestInitLike,
  ResponseLike,
  StorageLike,
  WebSocketConstructorLike,
  WebSocketLike,
} from './platform';
export type { RisonValue } from './rison';
export { risonDecode, risonEncode, risonEncodeUri } from './rison';
export type { ApiAuth, ApiClient, ApiClientOptions, ApiResponse, HttpMethod, QueryParamValue, RequestOptions } from './api-client';
export { CSRF_TOKEN_ENDPOINT, createApiClient } from './api-client';
export { getColumnLabel, getMetricLabel, isAdhocColumn, isAdhocMetric } from './query-labels';
export type { ProcessFiltersInput } from './process-filters';
export { convertFilter, processFilters, sanitizeClause, simpleFilterToSql } from './process-filters';
export { mergeExtraFormData, overrideExtraFormData } from './merge-extra-form-data';
export { INVALID_ORDERBY_MESSAGE, applyDefaultOrderBy, normalizeOrderBy } from './normalize-order-by';
export { QUERY_FIELD_ALIASES, buildQueryObject, extractExtras, extractQueryFields } from './build-query-object';
export type { SavedChartRecord } from './saved-form-data';
export { migrateLegacyFormData, parseParams, savedChartFormData } from './saved-form-data';
export type { BuildQuery, BuildQueryContextOptions } from './build-query-context';
export { DEFAULT_RESULT_FORMAT, DEFAULT_RESULT_TYPE, buildQueryContext } from './build-query-context';
export type { FilterScopes } from './apply-data-masks';
export { applyDataMasks } from './apply-data-masks';
export { getChartFormDataForSave } from './chart-form-data-for-save';
export type { AnnotationQueryOptions, AnnotationQueryResult, FetchChartDataOptions } from './chart-data-client';
export { CHART_DATA_ENDPOINT, chartDataQueryParams, fetchChartData, runAnnotationQuery } from './chart-data-client';
export type { ChartDataFetcher, ChartDataPrefetcher } from './chart-data-prefetch';
export { chartDataRequestKey, createChartDataPrefetcher } from './chart-data-prefetch';
export { withLazyRecords } from './columnar-result';
export type {
  EventBatchFields,
  EventLogger,
  EventLoggerOptions,
  EventLogTransport,
  LogEventPayload,
  LoggedEvent,
} from './event-logger';
export { EVENT_LOG_ENDPOINT, createDefaultEventLogTransport, createEventLogger, eventContextParam } from './event-logger';
export type { AsyncEventClient, AsyncEventClientOptions } from './async-events';
export { WS_FALLBACK_WARNING, createAsyncEventClient } from './async-events';
export {
  ASYNC_EVENT_ENDPOINT,
  ASYNC_EVENT_LAST_ID_STORAGE_KEY,
  ASYNC_EVENT_LISTENER_MAX_RETRIES,
  ASYNC_EVENT_LISTENER_RETRY_DELAY_MS,
  ASYNC_EVENT_POLLING_DELAY_MS,
  ASYNC_EVENT_WS_MAX_RETRIES,
  ASYNC_EVENT_WS_RETRY_DELAY_MS,
  CARD_GRID_COLUMN_WIDTH_PX,
  CHART_LIST_PAGE_SIZE,
  CHART_ROW_THRESHOLDS,
  COMPARISON_TYPES,
  DATE_FORMAT_OPTIONS,
  DEFAULT_CHART_SIZES,
  DEFAULT_FORM_DATA,
  DEFAULT_FORM_DATA_ROW_LIMIT,
  DEFAULT_MAX_TAGS_SHOWN,
  DEFAULT_METRIC,
  DEFAULT_PAGINATION_PAGE_SIZE,
  DEFAULT_ROW_LIMIT_CONTROL,
  DEFAULT_TABLE_PAGE_SIZE,
  DEFAULT_TIME_RANGE,
  DEFAULT_VIZ_TYPE,
  EMPTY_STRING_LABEL,
  FALSE_DISPLAY,
  FALSE_LABEL,
  FAST_DEBOUNCE_MS,
  FEATURE_FLAGS,
  HOME_MAX_EDITED_ITEMS,
  LIST_FILTER_WIDTHS,
  LOADING_SKELETON_CARDS,
  LOCALES,
  LOG_BATCH_DELAY_MS,
  LOG_BATCH_SIZE,
  MAX_CROSS_LINKS,
  MODAL_DEFAULT_WIDTH_PX,
  MODAL_MIN_HEIGHTS_PX,
  MODAL_MIN_WIDTH_PX,
  MODAL_RESPONSIVE_MAX_WIDTH_PX,
  NULL_DISPLAY,
  NULL_LABEL,
  NUMBER_FORMAT_OPTIONS,
  RECENT_ITEMS_CACHE_SIZE,
  RECENT_ITEMS_PAGE_SIZE,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROLLING_TYPES,
  ROW_LIMIT_CHOICES,
  SELECT_PAGE_SIZE,
  SERIES_LIMIT_CHOICES,
  SLOW_DEBOUNCE_MS,
  SMART_DATE_FORMAT,
  SMART_NUMBER_FORMAT,
  SPECIAL_NUMBER_FORMATS,
  SQL_TAB_SYNC_INTERVAL_MS,
  TABLE_LIST_DEFAULT_PAGE_SIZE,
  TABLE_PAGE_SIZE_OPTIONS,
  TAB_NAME_MAX_LENGTH,
  THEMES,
  THEME_MODES,
  TIME_SHIFT_CHOICES,
  TOAST_DURATIONS_MS,
  TRUE_DISPLAY,
  TRUE_LABEL,
  VIRTUAL_ROW_HEIGHTS,
} from './constants';
export { formatSmartNumber, formatSmartNumberSigned } from './formatters/smart-number';
export { strftime } from './formatters/strftime';
export { formatDuration, formatDurationSub } from './formatters/duration';
export type { MemoryFormatOptions } from './formatters/memory';
export { formatMemory } from './formatters/memory';
export type { Currency } from './formatters/currency';
export { formatCurrency, getCurrencySymbol } from './formatters/currency';
export { formatDisplayValue, formatLabel } from './formatters/display-labels';
export { formatPlainNumber, formatResultCell, GENERIC_DATA_TYPE } from './formatters/result-cell';
export type { InvalidFormatReporter, NumberFormatter, NumberFormatterRegistry } from './formatters/number-format';
export { createNumberFormatter, createNumberFormatterRegistry } from './formatters/number-format';
export type { TimeFormatter, TimeFormatterOptions, TimeInput } from './formatters/time-format';
export {
  SMART_DATE_FORMATS,
  TIME_FORMATS_FOR_GRANULARITY,
  createTimeFormatter,
  getTimeFormatterForGranularity,
} from './formatters/time-format';
export type {
  ChannelSpec,
  ChartStates,
  DashboardDisplayMode,
  EmbedHandshakeMessage,
  EmbedThemeConfig,
  EmbedThemeMode,
  EmbedUiFlag,
  EmbedUiFlags,
  EmbedStatus,
  GuestChannel,
  HostChannel,
  MessagePortLike,
  MethodSpec,
  ObservedDataMask,
  ScrollSize,
  SetFilterResult,
  SetFilterValues,
  SwitchboardAction,
  SwitchboardEmitMessage,
  SwitchboardErrorMessage,
  SwitchboardGetMessage,
  SwitchboardHandlers,
  SwitchboardMessage,
  SwitchboardOptions,
  SwitchboardReplyMessage,
  UntypedChannel,
} from './embed-protocol/index';
export {
  decodeUiConfig,
  displayModeToStandalone,
  EMBED_PROTOCOL_VERSION,
  EMBED_UI_FLAGS,
  EMBEDDED_CHART_ROUTE,
  EMBEDDED_COMMS_TYPE,
  EMBEDDED_DASHBOARD_ROUTE,
  encodeUiConfig,
  HANDSHAKE_PROBE_METHOD,
  isEmbedHandshake,
  isSwitchboardMessage,
  PORT_TRANSFER_HANDSHAKE,
  standaloneToDisplayMode,
  Switchboard,
  SwitchboardError,
} from './embed-protocol/index';
export type {
  DashboardLayout,
  LayoutComponent,
  LayoutComponentMeta,
  LayoutComponentType,
} from './dashboard/layout-types';
export {
  CHART_TYPE,
  COLUMN_TYPE,
  DASHBOARD_GRID_ID,
  DASHBOARD_HEADER_ID,
  DASHBOARD_ROOT_ID,
  DASHBOARD_VERSION,
  DASHBOARD_VERSION_KEY,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
  GRID_TYPE,
  HEADER_TYPE,
  LAYOUT_COMPONENT_TYPES,
  MARKDOWN_TYPE,
  ROOT_TYPE,
  ROW_TYPE,
  TAB_TYPE,
  TABS_TYPE,
  chartIdOf,
  isLayoutComponentType,
  toLayout,
  withParents,
} from './dashboard/layout-types';
export {
  BACKGROUNDS,
  BACKGROUND_TRANSPARENT,
  BACKGROUND_WHITE,
  DEFAULT_REFRESH_FREQUENCY,
  DEFAULT_STAGGER_TIME_MS,
  DROP_DETECT_MARGIN,
  DROP_EDGE_DISTANCE,
  FILTER_REMOVAL_UNDO_MS,
  GRID_BASE_UNIT,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_GUTTER_SIZE,
  GRID_MAX_INT,
  GRID_MIN_COLUMN_WIDTH,
  GRID_ROW_HEIGHT_UNIT,
  HEADER_SIZES,
  LABEL_COLOR_SYNC_DEBOUNCE_MS,
  LARGE_HEADER,
  MEDIUM_HEADER,
  SMALL_HEADER,
  UNDO_HISTORY_SIZE,
  UNDO_LIMIT,
} from './dashboard/grid-constants';
export { NESTING_RULES, canContain, componentDepth, isTopLevelTabs, isValidChild, parentMap } from './dashboard/nesting-rules';
export type { DropCheck, DropResult } from './dashboard/drop-validation';
export {
  NEW_COMPONENTS_SOURCE_ID,
  NOT_ENOUGH_SPACE_MESSAGE,
  TOP_LEVEL_TAB_MOVE_MESSAGE,
  doesDropOverflow,
  moveComponent,
  validateDrop,
} from './dashboard/drop-validation';
export type { HydrateChart } from './dashboard/hydrate-layout';
export { chartIdsInLayout, emptyLayout, findFirstContainerId, hydrateLayout } from './dashboard/hydrate-layout';
export type { FilterScope } from './dashboard/filter-scope';
export { GLOBAL_FILTER_SCOPE, getChartsInScope, getTabsInScope, nativeFilterScopes } from './dashboard/filter-scope';
export type { CascadeNode } from './dashboard/cascade-cycles';
export { findCascadeCycle, wouldCreateCascadeCycle } from './dashboard/cascade-cycles';
export type { UndoHistory } from './dashboard/undo-history';
export { canRedo, canUndo, createUndoHistory, pushHistory, redo, undo, undoClearsUnsaved } from './dashboard/undo-history';
export type {
  NativeFilter,
  NativeFilterConfig,
  NativeFilterDivider,
  NativeFilterIssue,
  NativeFilterTarget,
  NativeFilterType,
} from './dashboard/native-filters';
export {
  NATIVE_FILTER,
  NATIVE_FILTER_DIVIDER,
  NATIVE_FILTER_TYPES,
  applyFilterChanges,
  validateNativeFilter,
  validateNativeFilters,
} from './dashboard/native-filters';
export type { ChartIdMapping } from './dashboard/remap-chart-ids';
export { remapMetadataChartIds, remapPositionChartIds } from './dashboard/remap-chart-ids';
export type { DashboardColorField, DashboardColorIssue } from './dashboard/dashboard-colors';
export { DASHBOARD_COLOR_FIELDS, INVALID_COLOR_MESSAGE, isValidColor, validateDashboardColors } from './dashboard/dashboard-colors';
export type {
  ChartConfigurationIssue,
  ChartConfigurationItem,
  CrossFilterScope,
  GlobalChartConfiguration,
} from './dashboard/chart-configuration';
export { validateChartConfiguration } from './dashboard/chart-configuration';
export type { FormattingLocale, Locale, LocaleModule, MessageValues, Translator } from './i18n/index';
export {
  bestLocale,
  catalogueChain,
  createTranslator,
  d3FormatLocaleDefinition,
  d3TimeLocaleDefinition,
  formattingLocale,
  localizedStrftime,
  ENGLISH_TRANSLATOR,
  formatEnglish,
  isSourceLocale,
  loadedTranslator,
  loadTranslator,
  LOCALE_TAGS,
  msg,
  needsMessageRuntime,
  SOURCE_LOCALE,
  toLocale,
} from './i18n/index';
