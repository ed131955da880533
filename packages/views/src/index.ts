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

export { AppShell, type AppShellProps } from './shell/app-shell';
export { TopNav, type TopNavProps } from './shell/top-nav';
export { UserMenu, type UserMenuProps } from './shell/user-menu';
export { isNavItemActive, NAV_ITEMS, type NavItem } from './shell/nav-items';
export { isPlainLeftClick } from './shell/link-click';

export { INVALID_LOGIN_MESSAGE, LoginPage, type LoginPageProps } from './login/login-page';
export { loginUrlFor, safeNextPath } from './login/safe-next-path';

export { NOT_BUILT_NOTICE, PAGE_DESCRIPTIONS, type PageDescription, type PageKey } from './pages/page-descriptions';
export { PlaceholderPage, type PlaceholderPageProps } from './pages/placeholder-page';
export { NotFoundPage, type NotFoundPageProps } from './pages/not-found-page';

export { Select, type SelectProps } from './components/select';
export { filterToChoices, optionKey, splitPastedText, textToValues, type SelectOption } from './components/select-values';
export { Modal, modalStyle, type ModalProps } from './components/modal';
export { createToastStore, type Toast, type ToastOptions, type ToastStore, type ToastType } from './components/toast-store';
export { Toasts, type ToastsProps } from './components/toasts';
export { DEFAULT_ERROR_TITLE, describeError, ErrorPanel, type ErrorLike, type ErrorPanelProps } from './components/error-panel';
export { COMPONENTS_CSS } from './components/components-styles';

export { ExploreView, type ExploreViewProps } from './explore/explore-view';
export { createExploreStore, type ExploreStore, type ExploreStoreOptions, type SliceInfo } from './explore/explore-store';
export { exploreUrl, parseExploreUrl, type ExploreEntry } from './explore/explore-url';
export type { ChartStatus, DatasetColumn, DatasetMetric, DatasourceMetadata, ExploreLoadStatus, SavedChart } from './explore/explore-types';
export { prepareFormData, switchVizType, validateFormData } from './explore/explore-form-data';
export { isAggregateSql, METRIC_SQL_MESSAGE } from './explore/metric-sql';
export { SAVE_FAILED_MESSAGE, saveChart, type SaveChartRequest, type SaveChartResult } from './explore/save-chart';
export { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE } from './explore/explore-data-actions';
export { hasPermission, isChartOwner } from './explore/permissions';
