/**
 * @lumen-bi/views: React views of Lumen BI. At this stage: the app shell (top nav, user menu), the login
 * page, placeholder pages, theme tokens and the session store.
 */
export { displayName, type CurrentUser } from './session/current-user';
export { fetchMe, MeRequestError, type MeResult } from './session/fetch-me';
export { createSessionStore, type SessionStatus, type SessionStore } from './session/session-store';

export { resolveTheme, THEME_MODES, THEME_NAMES, THEMES, type ThemeMode, type ThemeName, type ThemeTokens } from './theme/theme-tokens';
export { themeDeclarations, themeStylesheet } from './theme/theme-stylesheet';
export { ThemeStyle, type ThemeStyleProps } from './theme/theme-style';
export { applyThemeMode, chooseThemeMode, readThemeMode, THEME_MODE_STORAGE_KEY, useThemeMode } from './theme/theme-preference';
export { loadServerThemeMode, PREFERENCES_PATH, saveServerThemeMode, useServerThemeMode } from './theme/server-theme-mode';
export { themeConfigName, themeConfigProperties, themeTokenProperty, type LumenTheme, type LumenThemeTokens } from './theme/lumen-theme';

export { AppShell, type AppShellProps } from './shell/app-shell';
export { TopNav, type TopNavProps } from './shell/top-nav';
export { UserMenu, type UserMenuProps } from './shell/user-menu';
export { isNavItemActive, NAV_ITEMS, type NavItem } from './shell/nav-items';
export { isPlainLeftClick } from './shell/link-click';

export { INVALID_LOGIN_MESSAGE, LoginPage, type LoginPageProps } from './login/login-page';
export { fetchLoginProviders, type LoginProvider } from './login/login-providers';
export { SSO_ERROR_MESSAGES, ssoErrorMessage } from './login/sso-messages';
export { loginUrlFor, safeNextPath } from './login/safe-next-path';

export { PAGE_DESCRIPTIONS, type PageDescription, type PageKey } from './pages/page-descriptions';
export { NotFoundPage, type NotFoundPageProps } from './pages/not-found-page';

export { Select, type SelectProps } from './components/select';
export { filterToChoices, optionKey, splitPastedText, textToValues, type SelectOption } from './components/select-values';
export { Modal, modalStyle, type ModalProps } from './components/modal';
export { createToastStore, type Toast, type ToastOptions, type ToastStore, type ToastType } from './components/toast-store';
export { Toasts, type ToastsProps } from './components/toasts';
export { DEFAULT_ERROR_TITLE, describeError, ErrorPanel, type ErrorLike, type ErrorPanelProps } from './components/error-panel';
export { ErrorBoundary, type ErrorBoundaryProps } from './components/error-boundary';
export { createErrorMessageRegistry, type ErrorMessageComponent, type ErrorMessageProps, type ErrorMessageRegistry } from './components/error-message-registry';
export { createDefaultErrorMessageRegistry, parameterSuggestions, MAX_SUGGESTION_DISTANCE } from './components/error-messages';
export { COMPONENTS_CSS } from './components/components-styles';
export { LoadingLines, Skeleton, SkeletonRegion, type SkeletonProps, type SkeletonRegionProps } from './components/skeleton';
export { Spinner } from './components/spinner';
export { ERROR_PANEL_CSS } from './components/error-panel-styles';

export { ExploreView, type ExploreViewProps } from './explore/explore-view';
export { createExploreStore, type ExploreStore, type ExploreStoreOptions, type SliceInfo } from './explore/explore-store';
export { exploreUrl, parseExploreUrl, type ExploreEntry } from './explore/explore-url';
export type { ChartStatus, DatasetColumn, DatasetMetric, DatasourceMetadata, ExploreLoadStatus, SavedChart } from './explore/explore-types';
export { prepareFormData, switchVizType, validateFormData } from './explore/explore-form-data';
export { isAggregateSql, METRIC_SQL_MESSAGE } from './explore/metric-sql';
export { SAVE_FAILED_MESSAGE, saveChart, type SaveChartRequest, type SaveChartResult } from './explore/save-chart';
export { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE } from './explore/explore-data-actions';
export { hasPermission, isChartOwner } from './explore/permissions';

export { SqlLabView, type SqlLabHandle, type SqlLabViewProps } from './sqllab/sqllab-view';
export { EMBEDDED_TAB_TITLE, SqlLabHostQueryError, type SqlLabHostQuery } from './sqllab/host-query';
export { createSqlLabController, type SqlLabController, type SqlLabControllerOptions } from './sqllab/sqllab-controller';
export { createSqlLabStore, type SqlLabStore } from './sqllab/sqllab-store';
export { parseSqlLabUrl, type SqlLabInitialRequest } from './sqllab/initial-request';
export type { SqlLabQueryFailure, SqlLabQueryOutcome, SqlLabQuerySuccess } from './sqllab/query-outcomes';
export type { Query as SqlLabQuery, QueryEditor as SqlLabTab, QueryState as SqlLabQueryState, ResultColumn as SqlLabResultColumn } from './sqllab/sqllab-types';

export { ChartContainer, type ChartContainerProps, type ChartContainerState, type ChartContainerStatus } from './chart/chart-container';
export { deferredComponent } from './components/deferred-component';
export { DashboardView, type DashboardHandle, type DashboardViewProps } from './dashboard/dashboard-view';
export { createDashboardStore, type DashboardStore, type DashboardStoreOptions } from './dashboard/dashboard-store';
export { fetchDashboardPermalink } from './dashboard/dashboard-api';
export { createFilterStateSync, NATIVE_FILTERS_KEY_PARAM, withNativeFiltersKey, type FilterStateSync, type FilterStateSyncOptions } from './dashboard/filter-state-sync';
export type { ChartStateEvent, DashboardChart, DashboardInfo, DashboardMetadata, DashboardUiConfig, DisplayMode } from './dashboard/dashboard-types';
export { filterValueToDataMask, RANGE_ORDER_MESSAGE } from './dashboard/filter-data-masks';
export { FilterNameError, filterValueFor, findFilterByName, knownFilterNames, type FilterNameErrorCode, type FilterValues } from './dashboard/filter-by-name';
export { NO_SHARE_LINK_MESSAGE, permalinkKeyOf, shareUrlFor, shareVisible, type DashboardShareOptions } from './dashboard/share-link';
export { shownTabs } from './dashboard/shown-tabs';
export { renderMarkdown, sanitizeHtml } from './dashboard/markdown';

export { ListView, type ListHelpers, type ListViewProps } from './lists/list-view';
export { ResourceList, type ResourceListProps } from './lists/resource-list';
export type { ApiFilter, CardSortOption, FilterOption, FilterValue, ListColumn, ListFilterConfig, ListResource, ListRow, ListState, SortOrder, ViewMode } from './lists/list-types';
export { ListViewError } from './lists/list-types';
export { parseListState, serializeListState, type ListStateDefaults } from './lists/list-url-state';
export { assertFiltersMatchColumns, rowCountText, toApiFilters } from './lists/list-query';
export { formatMessage, LIST_MESSAGES } from './lists/list-messages';
export { bulkDelete, bulkTag, deleteObject, exportUrl } from './lists/list-actions';
export { CrossLinks, type CrossLink, type CrossLinksProps } from './lists/cross-links';
export type { ListPageProps } from './lists/list-page-props';
export { ChartList } from './lists/chart-list';
export { DashboardList } from './lists/dashboard-list';
export { SavedQueryList } from './lists/saved-query-list';
export { UserList, USER_COLUMNS, USER_FILTERS } from './security/user-list';
export { UserModal, type UserModalMode } from './security/user-modal';
export { RlsList, RLS_COLUMNS, RLS_FILTERS } from './security/rls-list';
export { AnnotationLayerList, ANNOTATION_LAYER_COLUMNS, ANNOTATION_LAYER_FILTERS } from './annotations/annotation-layer-list';
export { AnnotationList, ANNOTATION_COLUMNS, type AnnotationListProps } from './annotations/annotation-list';
export { RlsModal } from './security/rls-modal';
export { RoleList, ROLE_COLUMNS, ROLE_FILTERS } from './security/role-list';
export { RoleModal } from './security/role-modal';
export { ProfilePage } from './security/profile-page';
export { RequestAccessPage } from './security/request-access-page';
export { targetFromSearch } from './security/request-access-data';
export { canManageUsers, SettingsMenu, SETTINGS_ITEMS } from './shell/settings-menu';
export { DatasetList } from './lists/dataset-list';
export { DatabaseList } from './lists/database-list';
export { ReportScheduleList, REPORT_FILTERS, REPORT_SELECT_COLUMNS, reportLogHref, setReportActive, type ReportRow } from './lists/report-schedule-list';
export { UploadDataModal, type UploadDataModalProps } from './upload/upload-data-modal';
export { UploadMenu, type UploadMenuProps } from './upload/upload-menu';
export { UPLOAD_MENU_LABELS, UPLOAD_SUCCESS_MESSAGE, uploadPermissions, type UploadFileType, type UploadPermissions } from './upload/upload-types';
export { TagEntities, tagIdFrom } from './lists/tag-entities';
export { TagList, TAG_COLUMNS, TAG_FILTERS, type TagRow } from './lists/tag-list';
export { ChartAdd, datasetOptionsLoader, type ChartAddProps } from './create/chart-add';
export { DatasetAdd, type DatasetAddProps } from './create/dataset-add';
export { createUntitledDashboard, NewDashboard, UNTITLED_DASHBOARD, type NewDashboardProps } from './create/new-dashboard';
export { VizGallery, vizTypesByCategory } from './create/viz-gallery';
export { CHART_ADD_PATH, DASHBOARD_NEW_PATH, DATASET_ADD_PATH, TAGS_PATH, dashboardEditHref, exploreHref } from './create/create-paths';
export { NewMenu, type NewMenuProps } from './shell/new-menu';
export { holds, newMenuEntries, type NewMenuEntry } from './shell/new-menu-items';
export { DATABASE_CONNECTED_MESSAGE, DATABASE_UPDATED_MESSAGE } from './databases/database-modal';
export { HomeView, HOME_SECTIONS, type HomeViewProps } from './home/home-view';
export { activityFilters, activityQuery, fetchViewed, RECENT_ACTIVITY_ENDPOINT, type ActivityTab, type HomeCollection } from './home/home-activity';
export { DatasetEditModal, DATASET_SAVED_MESSAGE, DATASET_SAVE_ERROR_TITLE, type DatasetEditModalProps } from './datasets/dataset-edit-modal';
export { SwapDatasetModal, SWAP_SUCCESS_MESSAGE, type SwapDatasetModalProps, type SwapDatasetRow } from './datasets/swap-dataset-modal';
export { datasetPayload, sqlChanged } from './datasets/dataset-payload';
export type { DatasetColumnEdit, DatasetDetail, DatasetMetricEdit } from './datasets/dataset-types';
export { DatabaseModal, type DatabaseModalProps } from './databases/database-modal';
export { buildUri, CONNECTION_OK_MESSAGE, fieldErrorsOf, REQUIRED_FIELD_MESSAGE } from './databases/database-form-model';
export { ImportModal, IMPORT_EXTENSIONS, OVERWRITE_WORD, type ImportModalProps } from './import/import-modal';
export { IMPORT_CREDENTIAL_MESSAGES, importNeeds, type ImportNeeds } from './import/import-errors';
export { createUploader, type Uploader } from './import/import-upload';

export { ReportModal, formatsFor, validateReportForm, type ReportModalProps } from './reports/report-modal';
export { ReportList, type ReportListProps } from './reports/report-list';
export { ReportMenu, canWriteReports, MANAGE_REPORT_LABEL, SET_UP_REPORT_LABEL, type ReportMenuProps } from './reports/report-menu';
export { attachDashboardLogging, useDashboardLogging, useExploreLogging, type LoggableDashboard } from './logging/event-logging';
export { useReports, type UseReportsOptions, type UseReportsResult } from './reports/use-reports';
export {
  createReport,
  deleteReport,
  fetchReport,
  fetchReports,
  reportListQuery,
  updateReport,
  type ReportDetail,
  type ReportFormat,
  type ReportListItem,
  type ReportPayload,
  type ReportTarget,
} from './reports/report-api';
export { REPORT_MESSAGES } from './reports/report-messages';
export { ReportExecutionLog, type ReportExecutionLogProps, type ReportLogEntry } from './reports/report-execution-log';
export { formatDuration, formatRunTime, ReportStateBadge, reportStateTone, type ReportStateTone } from './reports/report-state';
export { CRON_PRESETS, timeZones } from './reports/report-schedule-options';
export { LocaleProvider, useTranslation, type LocaleProviderProps } from './i18n/locale-provider';
