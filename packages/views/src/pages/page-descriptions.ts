/** The main screens of the app, by key. */
export type PageKey = 'home' | 'charts' | 'dashboards' | 'sql' | 'datasets' | 'databases' | 'explore' | 'dashboard' | 'savedQueries' | 'tag' | 'reports' | 'reportLog' | 'users' | 'roles' | 'rowLevelSecurity' | 'profile' | 'requestAccess' | 'chartAdd' | 'datasetAdd' | 'dashboardNew' | 'tags' | 'annotationLayers' | 'annotations';

export interface PageDescription {
  title: string;
  /** What the screen is for, stated plainly. */
  purpose: string;
}

/** Each main screen's title (the document title the app sets) and what it is for. */
export const PAGE_DESCRIPTIONS: Readonly<Record<PageKey, PageDescription>> = {
  home: { title: 'Home', purpose: 'Recent activity, and your favourite, created and edited charts, dashboards and saved queries.' },
  charts: { title: 'Charts', purpose: 'Browse, filter and manage saved charts.' },
  dashboards: { title: 'Dashboards', purpose: 'Browse, filter and manage dashboards.' },
  sql: { title: 'SQL', purpose: 'Write and run SQL against connected databases, and save queries.' },
  datasets: { title: 'Datasets', purpose: 'Browse and manage the datasets charts are built from.' },
  databases: { title: 'Databases', purpose: 'Browse and manage database connections.' },
  dashboard: { title: 'Dashboard', purpose: 'A dashboard: its charts, filters and layout.' },
  explore: { title: 'Explore', purpose: 'Build a chart from a dataset: pick a visualisation, metrics, groupings, filters and time settings, then save it.' },
  savedQueries: { title: 'Saved queries', purpose: 'Browse, filter and manage saved SQL queries.' },
  tag: { title: 'Tag', purpose: 'The dashboards, charts and saved queries carrying a tag.' },
  reports: { title: 'Reports', purpose: 'Browse and manage scheduled e-mail reports on charts and dashboards.' },
  users: { title: 'List Users', purpose: 'Add, edit, deactivate and delete user accounts, and reset their passwords.' },
  roles: { title: 'List Roles', purpose: 'Roles and the permission pairs they grant: add, edit, copy and delete roles.' },
  profile: { title: 'Profile', purpose: 'Your account: roles and sign-ins, your name and e-mail, and your password.' },
  requestAccess: { title: 'Request access', purpose: 'Ask the administrators for access to a dataset or database an error named.' },
  rowLevelSecurity: { title: 'Row Level Security', purpose: 'Rules that limit the rows of datasets each role sees.' },
  chartAdd: { title: 'Create a new chart', purpose: 'Choose a dataset and a chart type, then build the chart in Explore.' },
  datasetAdd: { title: 'New dataset', purpose: 'Make a dataset from a database table: pick the database, schema and table, preview its columns.' },
  dashboardNew: { title: 'New dashboard', purpose: 'Creates an untitled dashboard and opens it for editing.' },
  tags: { title: 'Tags', purpose: 'Browse the tags given to dashboards, charts and saved queries; each opens what carries it.' },
  annotationLayers: { title: 'Annotation Layers', purpose: 'Named sets of annotations (releases, incidents, ...) that time-series charts can draw.' },
  annotations: { title: 'Annotations', purpose: 'The annotations of one layer: a label, a start and end time, a description and metadata.' },
  reportLog: { title: 'Execution log', purpose: 'The runs of one scheduled report: state, times, duration and errors.' },
};

