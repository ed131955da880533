import type { PageKey } from '@lumen-bi/views';

/** What the app shows for an address. */
export type RouteMatch =
  | { kind: 'login' }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; page: PageKey }
  /** The iframe pages of embedding (/embedded/{uuid}, /embedded/chart/{id}): no shell, no session. */
  | { kind: 'embedded'; target: 'dashboard' | 'chart'; id: string }
  | { kind: 'not-found' };

/** The home page's canonical address (the incumbent's), which `/` redirects to. */
export const HOME_PATH = '/superset/welcome/';
export const LOGIN_PATH = '/login/';

/** App routes by path (trailing slash normalised), using the incumbent's addresses so old links work. */
const PAGE_ROUTES: Readonly<Record<string, PageKey>> = {
  '/superset/welcome/': 'home',
  '/chart/list/': 'charts',
  '/dashboard/list/': 'dashboards',
  '/sqllab/': 'sql',
  '/tablemodelview/list/': 'datasets',
  '/databaseview/list/': 'databases',
  '/savedqueryview/list/': 'savedQueries',
  '/superset/all_entities/': 'tag',
  '/report/list/': 'reports',
  '/users/list/': 'users',
  '/roles/list/': 'roles',
  '/user_info/': 'profile',
  '/request_access/': 'requestAccess',
  '/rowlevelsecurity/list/': 'rowLevelSecurity',
  '/annotationlayer/list/': 'annotationLayers',
  '/explore/': 'explore',
  // The creation pages and the Tags list, at the incumbent's addresses.
  '/chart/add/': 'chartAdd',
  '/dataset/add/': 'datasetAdd',
  '/dashboard/new/': 'dashboardNew',
  '/superset/tags/': 'tags',
};

/** A dashboard by id or slug, /superset/dashboard/{id_or_slug}/, and its permalinks /superset/dashboard/p/{key}/. */
export const DASHBOARD_PATH = /^\/superset\/dashboard\/(p\/)?([^/]+)\/$/;

/** Explore permalinks, /explore/p/{key}/, open the Explore page too. */
const EXPLORE_PERMALINK = /^\/explore\/p\/[^/]+\/$/;

/** SQL Lab permalinks, /sqllab/p/{key}/, open SQL Lab with the shared state. */
const SQLLAB_PERMALINK = /^\/sqllab\/p\/[^/]+\/$/;

/** One annotation layer's annotations, /annotationlayer/{id}/annotation/ (the incumbent's address). */
export const ANNOTATIONS_PATH = /^\/annotationlayer\/(\d+)\/annotation\/$/;

/** A report's execution log, /report/{id}/log/ (the incumbent's address). */
export const REPORT_LOG_PATH = /^\/report\/(\d+)\/log\/$/;

/** EMBEDDED_DASHBOARD_ROUTE '/embedded/{uuid}' and EMBEDDED_CHART_ROUTE '/embedded/chart/{id}' of core. */
export const EMBEDDED_DASHBOARD_PATH = /^\/embedded\/([^/]+)\/$/;
export const EMBEDDED_CHART_PATH = /^\/embedded\/chart\/([^/]+)\/$/;

/**
 * Matches a pathname to a route. Paths with or without the trailing slash match, as the server's do.
 *
 * @example
 * matchRoute('/chart/list'); // {kind: 'page', page: 'charts'}
 */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path === '/') return { kind: 'redirect', to: HOME_PATH };
  if (path === LOGIN_PATH) return { kind: 'login' };
  const embeddedChart = EMBEDDED_CHART_PATH.exec(path);
  if (embeddedChart) return { kind: 'embedded', target: 'chart', id: decodeURIComponent(embeddedChart[1]) };
  const embedded = EMBEDDED_DASHBOARD_PATH.exec(path);
  if (embedded) return { kind: 'embedded', target: 'dashboard', id: decodeURIComponent(embedded[1]) };
  if (EXPLORE_PERMALINK.test(path)) return { kind: 'page', page: 'explore' };
  if (DASHBOARD_PATH.test(path)) return { kind: 'page', page: 'dashboard' };
  if (SQLLAB_PERMALINK.test(path)) return { kind: 'page', page: 'sql' };
  if (REPORT_LOG_PATH.test(path)) return { kind: 'page', page: 'reportLog' };
  if (ANNOTATIONS_PATH.test(path)) return { kind: 'page', page: 'annotations' };
  const page = PAGE_ROUTES[path];
  return page ? { kind: 'page', page } : { kind: 'not-found' };
}

/** Every path the router has a page for; the server must answer these with the app's HTML. */
export const APP_PATHS: readonly string[] = ['/', LOGIN_PATH, ...Object.keys(PAGE_ROUTES)];
