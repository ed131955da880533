/**
 * The app's creation pages, at the incumbent's addresses so its links and bookmarks carry over. The views
 * link to them; packages/app/src/router/routes.ts maps them to pages.
 */
export const CHART_ADD_PATH = '/chart/add';
export const DATASET_ADD_PATH = '/dataset/add/';
/** Creates an untitled dashboard and opens it in edit mode. */
export const DASHBOARD_NEW_PATH = '/dashboard/new/';
/** The Tags list. */
export const TAGS_PATH = '/superset/tags/';

/** Explore on a dataset, with a viz type chosen up front. */
export const exploreHref = (datasetId: number, vizType: string) => `/explore/?datasource_type=table&datasource_id=${datasetId}&viz_type=${encodeURIComponent(vizType)}`;

/** A dashboard's page in edit mode. */
export const dashboardEditHref = (id: number) => `/superset/dashboard/${id}/?edit=true`;
