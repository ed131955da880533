import type { PageKey } from '@lumen-bi/views';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The page component of each main screen, each loaded on first visit from its own chunk. Heavy screens
 * (SQL editor, explore) must stay behind these dynamic imports so the login page and embedded dashboards
 * never download them.
 */
export const ROUTE_PAGES: Readonly<Record<PageKey, LazyExoticComponent<ComponentType>>> = {
  home: lazy(() => import('../pages/home-page').then((m) => ({ default: m.HomePage }))),
  charts: lazy(() => import('../pages/charts-page').then((m) => ({ default: m.ChartsPage }))),
  dashboards: lazy(() => import('../pages/dashboards-page').then((m) => ({ default: m.DashboardsPage }))),
  sql: lazy(() => import('../pages/sql-page').then((m) => ({ default: m.SqlPage }))),
  datasets: lazy(() => import('../pages/datasets-page').then((m) => ({ default: m.DatasetsPage }))),
  databases: lazy(() => import('../pages/databases-page').then((m) => ({ default: m.DatabasesPage }))),
  savedQueries: lazy(() => import('../pages/saved-queries-page').then((m) => ({ default: m.SavedQueriesPage }))),
  tag: lazy(() => import('../pages/tag-page').then((m) => ({ default: m.TagPage }))),
  dashboard: lazy(() => import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  explore: lazy(() => import('../pages/explore-page').then((m) => ({ default: m.ExplorePage }))),
};

/** The /embedded/ iframe pages, in their own chunks (the app's other screens never load them). */
export const EMBEDDED_PAGES = {
  dashboard: lazy(() => import('../pages/embedded-dashboard-page').then((m) => ({ default: m.EmbeddedDashboardPage }))),
  chart: lazy(() => import('../pages/embedded-chart-page').then((m) => ({ default: m.EmbeddedChartPage }))),
} as const;
