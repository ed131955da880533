import type { PageKey } from '@lumen-bi/views';
import { type PageLoader, pageLoader } from './page-loader';

/**
 * The page component of each main screen, each loaded on first visit from its own chunk. Heavy screens
 * (SQL editor, explore) must stay behind these dynamic imports so the login page and embedded dashboards
 * never download them.
 */
export const ROUTE_PAGES: Readonly<Record<PageKey, PageLoader>> = {
  home: pageLoader(() => import('../pages/home-page').then((m) => m.HomePage)),
  charts: pageLoader(() => import('../pages/charts-page').then((m) => m.ChartsPage)),
  dashboards: pageLoader(() => import('../pages/dashboards-page').then((m) => m.DashboardsPage)),
  sql: pageLoader(() => import('../pages/sql-page').then((m) => m.SqlPage)),
  datasets: pageLoader(() => import('../pages/datasets-page').then((m) => m.DatasetsPage)),
  databases: pageLoader(() => import('../pages/databases-page').then((m) => m.DatabasesPage)),
  savedQueries: pageLoader(() => import('../pages/saved-queries-page').then((m) => m.SavedQueriesPage)),
  reports: pageLoader(() => import('../pages/reports-page').then((m) => m.ReportsPage)),
  users: pageLoader(() => import('../pages/users-page').then((m) => m.UsersPage)),
  roles: pageLoader(() => import('../pages/roles-page').then((m) => m.RolesPage)),
  profile: pageLoader(() => import('../pages/profile-page').then((m) => m.ProfilePage)),
  requestAccess: pageLoader(() => import('../pages/request-access-page').then((m) => m.RequestAccessPage)),
  rowLevelSecurity: pageLoader(() => import('../pages/row-level-security-page').then((m) => m.RowLevelSecurityPage)),
  annotationLayers: pageLoader(() => import('../pages/annotation-layers-page').then((m) => m.AnnotationLayersPage)),
  annotations: pageLoader(() => import('../pages/annotations-page').then((m) => m.AnnotationsPage)),
  reportLog: pageLoader(() => import('../pages/report-log-page').then((m) => m.ReportLogPage)),
  tags: pageLoader(() => import('../pages/tags-page').then((m) => m.TagsPage)),
  chartAdd: pageLoader(() => import('../pages/chart-add-page').then((m) => m.ChartAddPage)),
  datasetAdd: pageLoader(() => import('../pages/dataset-add-page').then((m) => m.DatasetAddPage)),
  dashboardNew: pageLoader(() => import('../pages/dashboard-new-page').then((m) => m.DashboardNewPage)),
  tag: pageLoader(() => import('../pages/tag-page').then((m) => m.TagPage)),
  dashboard: pageLoader(() => import('../pages/dashboard-page').then((m) => m.DashboardPage)),
  explore: pageLoader(() => import('../pages/explore-page').then((m) => m.ExplorePage)),
};

/** The /embedded/ iframe pages, in their own chunks (the app's other screens never load them). */
export const EMBEDDED_PAGES: { dashboard: PageLoader<{ uuid: string }>; chart: PageLoader<{ chartId: string }> } = {
  dashboard: pageLoader(() => import('../pages/embedded-dashboard-page').then((m) => m.EmbeddedDashboardPage)),
  chart: pageLoader(() => import('../pages/embedded-chart-page').then((m) => m.EmbeddedChartPage)),
};
