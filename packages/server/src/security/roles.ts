/**
 * The built-in roles and their permission pairs. Seeded (idempotently) at every start so an upgrade that adds
 * a pair grants it; pairs added to a role by an admin are never removed.
 */
export const VIEWS = ['Chart', 'Dashboard', 'Dataset', 'Database', 'SavedQuery', 'Tag', 'Query', 'ReportSchedule', 'Log'] as const;

type Pair = readonly [permission: string, view: string];

const readWrite = (...views: string[]): Pair[] =>
  views.flatMap((view) => [['can_read', view], ['can_write', view], ['can_export', view]] as Pair[]);
const readOnly = (...views: string[]): Pair[] => views.map((view) => ['can_read', view] as Pair);

/**
 * Native annotation layers and their annotations (issue 22): one view, read and write only, as the
 * incumbent's `Annotation` (it has no export). Admin and Alpha manage them, Gamma reads them.
 */
export const ANNOTATION_VIEW = 'Annotation';
const annotationRead: Pair = ['can_read', ANNOTATION_VIEW];
const annotationWrite: Pair = ['can_write', ANNOTATION_VIEW];

/** Pairs that are not plain read/write on a model view. */
export const GLOBAL_PERMISSIONS: Pair[] = [
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_sqllab', 'Superset'],
  ['can_upload', 'Database'],
  ['can_grant_guest_token', 'SecurityRestApi'],
  ['can_tag', 'Chart'],
  ['can_tag', 'Dashboard'],
];

/** Data access pairs that name no single database or dataset (security/data-access.ts). */
const ALL_DATASOURCES: Pair = ['all_datasource_access', 'all_datasource_access'];
const ALL_DATABASES: Pair = ['all_database_access', 'all_database_access'];

/** Alpha reads every dataset (all_datasource_access), as in the incumbent; Gamma gets data access only by grant. */
const ALPHA: Pair[] = [
  ALL_DATASOURCES,
  ...readWrite('Chart', 'Dashboard', 'Dataset', 'SavedQuery', 'Tag', 'Query', 'ReportSchedule'),
  ...readOnly('Database'),
  annotationRead,
  annotationWrite,
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_sqllab', 'Superset'],
  ['can_upload', 'Database'],
  ['can_tag', 'Chart'],
  ['can_tag', 'Dashboard'],
];

const GAMMA: Pair[] = [
  ...readOnly('Chart', 'Dashboard', 'Dataset', 'Tag', 'SavedQuery', 'Database', 'Query'),
  ['can_write', 'SavedQuery'],
  annotationRead,
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
];

/**
 * The security API's views (security-api/): users, roles, permission names, view names, permission pairs and
 * row-level security rules, as the incumbent names them. Only Admin holds them by default.
 */
export const SECURITY_VIEWS = ['User', 'Role', 'Permission', 'ViewMenu', 'PermissionViewMenu', 'Row Level Security'] as const;
const manage = (...views: string[]): Pair[] => views.flatMap((view) => [['can_read', view], ['can_write', view]] as Pair[]);

/** Admin gets every pair explicitly too, so permission listings show them; `isAdmin` short-circuits checks. */
const ADMIN: Pair[] = [...readWrite(...VIEWS), annotationRead, annotationWrite, ...GLOBAL_PERMISSIONS, ...manage(...SECURITY_VIEWS), ALL_DATASOURCES, ALL_DATABASES];

/**
 * The incumbent's sql_lab role: added to a Gamma user to let them query the databases exposed in SQL Lab,
 * keep saved queries and download results, without creating charts or dashboards.
 */
const SQL_LAB: Pair[] = [
  ['can_sqllab', 'Superset'],
  ['can_csv', 'Superset'],
  ...readOnly('Database', 'Query'),
  ['can_read', 'SavedQuery'],
  ['can_write', 'SavedQuery'],
];

/**
 * Public starts empty, as in the incumbent, where its pairs are what anonymous viewers may do. Lumen serves no
 * anonymous pages yet, so it exists for parity (and for imported role mappings) and grants nothing today.
 */
const PUBLIC: Pair[] = [];

export const BUILTIN_ROLES: Record<string, Pair[]> = { Admin: ADMIN, Alpha: ALPHA, Gamma: GAMMA, sql_lab: SQL_LAB, Public: PUBLIC };
