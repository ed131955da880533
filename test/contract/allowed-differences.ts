/**
 * Where Lumen's answer knowingly differs from the incumbent's OpenAPI document, and why. docs/rest-api.md
 * shows this list (section 'Known differences from the incumbent's OpenAPI document'; a test keeps the two
 * equal). A difference is allowed when its endpoint matches and its JSON pointer starts with `pointer`
 * (`*` stands for any one segment, such as an array index).
 */
export interface AllowedDifference {
  /** The endpoint as docs/rest-api.md names it, `GET /api/v1/chart/{id}`; `*` stands for any text. */
  endpoint: string;
  /** A JSON pointer into the response (`/result/*\/owners`), or `status` / `content-type`. */
  pointer: string;
  reason: string;
}

const DOCUMENT_SAYS = "The incumbent's document says";

export const ALLOWED_DIFFERENCES: AllowedDifference[] = [
  ...['add_columns', 'edit_columns'].map((key) => ({
    endpoint: 'GET */_info',
    pointer: `/${key}`,
    reason: `${DOCUMENT_SAYS} an object; Flask-AppBuilder's _info answers a list of field descriptions, as Lumen.`,
  })),
  {
    endpoint: '* /api/v1/*/{id}/favorites/',
    pointer: '/result',
    reason: `${DOCUMENT_SAYS} an object; the incumbent answers the string "OK", as Lumen.`,
  },
  ...['GET /api/v1/chart/{id}/data/', 'POST /api/v1/chart/data'].map((endpoint) => ({
    endpoint,
    pointer: '/result/*/annotation_data',
    reason: `${DOCUMENT_SAYS} a list; the incumbent's query result holds an object keyed by annotation layer ({} without layers), as Lumen.`,
  })),
  {
    endpoint: 'GET /api/v1/*/export/',
    pointer: 'content-type',
    reason: `${DOCUMENT_SAYS} text/plain; the incumbent sends the ZIP bundle as application/zip, as Lumen.`,
  },
  {
    endpoint: 'GET /api/v1/dashboard/{id_or_slug}/datasets',
    pointer: '/result/*/owners',
    reason: `${DOCUMENT_SAYS} owner objects; the incumbent's datasource payload (BaseDatasource.data) lists owner ids, as Lumen.`,
  },
  {
    endpoint: 'GET /api/v1/database/available/',
    pointer: '/',
    reason: `${DOCUMENT_SAYS} a list of engines; the incumbent answers {databases: [...]}, which its database modal reads, as Lumen.`,
  },
  {
    endpoint: 'GET /api/v1/dataset/{id}/related_objects',
    pointer: '/dashboards/result/*/json_metadata',
    reason: `${DOCUMENT_SAYS} an object; the incumbent answers the dashboard's stored JSON text, as Lumen.`,
  },
  {
    endpoint: 'GET /api/v1/query/updated_since',
    pointer: '/result',
    reason: `${DOCUMENT_SAYS} the query list's items; the incumbent answers what SQL Lab polls (Query.to_dict(): id is the client id, dbId instead of database), as Lumen.`,
  },
  {
    endpoint: 'GET /api/v1/security/roles/{id}/permissions/',
    pointer: '/result',
    reason: `${DOCUMENT_SAYS} an object; Flask-AppBuilder answers a list of {id, permission_name, view_menu_name}, as Lumen.`,
  },
  {
    endpoint: 'GET /api/v1/tag/{id}',
    pointer: '/result/created_by',
    reason: `${DOCUMENT_SAYS} the creator's username and e-mail are required; the incumbent's show columns give the creator's first and last name only, as Lumen.`,
  },
  {
    endpoint: 'POST /api/v1/security/users/',
    pointer: '/result',
    reason: `${DOCUMENT_SAYS} the answer echoes the request, password included (required); Lumen never sends a password back.`,
  },
  {
    endpoint: 'POST /api/v1/sqllab/estimate/',
    pointer: '/result',
    reason: `${DOCUMENT_SAYS} an object; the incumbent answers one cost estimate per statement, a list, as Lumen.`,
  },
  {
    endpoint: 'PUT /api/v1/dashboard/{id_or_slug}/colors',
    pointer: '/result',
    reason: `${DOCUMENT_SAYS} a list; the incumbent answers the colour settings it stored, an object, as Lumen.`,
  },
  ...['/id', '/result'].map((pointer) => ({
    endpoint: 'POST /api/v1/log/',
    pointer,
    reason: 'Lumen records client events here as on /superset/log/ (any number of events, one row each) and answers 201 {}; the incumbent creates one log row and echoes it as {id, result}. Clients send events, not rows, and read only the status.',
  })),
  ...['/active_tab', '/databases', '/queries', '/tab_state_ids'].map((pointer) => ({
    endpoint: 'GET /api/v1/sqllab/',
    pointer,
    reason: `${DOCUMENT_SAYS} the bootstrap's keys are at the top; the incumbent answers them inside \`result\`, as Lumen.`,
  })),
  {
    endpoint: 'GET /api/v1/sqllab/permalink/{key}',
    pointer: '/state',
    reason: `${DOCUMENT_SAYS} {state}; the incumbent answers the stored state's keys at the top (dbId, sql, ...), as Lumen.`,
  },
  ...['/id', '/last_modified_time'].map((pointer) => ({
    endpoint: 'POST /api/v1/dashboard/{id_or_slug}/copy/',
    pointer,
    reason: `${DOCUMENT_SAYS} the keys are at the top; the incumbent answers them inside \`result\`, as Lumen.`,
  })),
  ...['/metadata', '/partitions', '/clustering'].flatMap((pointer) =>
    ['GET /api/v1/database/{id}/table_metadata/', 'GET /api/v1/database/{id}/table_metadata/extra/'].map((endpoint) => ({
      endpoint,
      pointer,
      reason: "Engine-specific keys (partitions for Presto and Hive, clustering for BigQuery): the incumbent leaves them out for engines without them, as Lumen's engines (DuckDB, SQLite, PostgreSQL, MySQL).",
    })),
  ),
  ...[
    ['GET /api/v1/tag/', '/result/*/type'],
    ['GET /api/v1/tag/{id}', '/result/type'],
    ['GET /api/v1/chart/{id}', '/result/tags/*/type'],
  ].map(([endpoint, pointer]) => ({
    endpoint: endpoint!,
    pointer: pointer!,
    reason:
      "Lumen answers a tag's type by name (custom, type, owner, favorited_by), as it is stored; the document gives the incumbent's TagType numbers (1 to 4). Lumen's own list cells read both; not changed until the incumbent's live answer is confirmed.",
  })),
];

const endpointPattern = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^$()|[\]\\{}]/g, '\\$&').replace(/\*/g, '.*')}$`);

const segmentsMatch = (pattern: string[], actual: string[]) => pattern.every((segment, i) => segment === '*' || segment === actual[i]);

/** Whether a difference found at `pointer` of `endpoint` is one of the allowed ones. */
export function isAllowed(endpoint: string, pointer: string, list = ALLOWED_DIFFERENCES): boolean {
  return list.some((entry) => endpointPattern(entry.endpoint).test(endpoint) && (entry.pointer === pointer || (entry.pointer.startsWith('/') && segmentsMatch(entry.pointer.split('/'), pointer.split('/')))));
}
