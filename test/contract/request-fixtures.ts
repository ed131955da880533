import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRison } from '../../packages/server/src/rison';
import { exportVia, multipart } from '../../packages/server/src/import-export/test-support';
import type { ContractContext } from './contract-fixture';

/** One realistic request for a documented endpoint, and the status a correct answer has. */
export interface ContractRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Who calls: the admin's Bearer token (default) or nobody (login, health). */
  as?: 'admin' | 'anonymous';
  status: number;
  /** An HTML page of the app, not an API answer: only its status and content type are checked. */
  page?: true;
}

/** The app's built index.html: pages answer 503 'The app is not built' without it (`npm test` builds first). */
const APP_BUILT = existsSync(join(import.meta.dirname, '..', '..', 'packages', 'app', 'dist', 'index.html'));
const page = (url: string, as: ContractRequest['as'] = 'admin'): ContractRequest => ({ url, as, headers: { accept: 'text/html' }, status: APP_BUILT ? 200 : 503, page: true });

/** Builds the request; may first create what it acts on (a throwaway chart to DELETE). */
export type RequestFixture = (c: ContractContext) => ContractRequest | Promise<ContractRequest>;

const q = (value: unknown) => `q=${encodeURIComponent(encodeRison(value))}`;
const ok = (url: string, payload?: unknown): ContractRequest => ({ url, payload, status: 200 });
const created = (url: string, payload?: unknown): ContractRequest => ({ url, payload, status: 201 });

/** The resources one router serves under /api/v1/{resource}/ (docs/rest-api.md, Resources). */
interface ResourceFixtures {
  id: (c: ContractContext) => number;
  relatedColumn: string;
  distinctColumn: string;
  create: (c: ContractContext) => Record<string, unknown>;
  update: (c: ContractContext) => Record<string, unknown>;
}

const unique = () => Math.random().toString(36).slice(2, 8);

const RESOURCES: Record<string, ResourceFixtures> = {
  chart: {
    id: (c) => c.ids.chart,
    relatedColumn: 'owners',
    distinctColumn: 'viz_type',
    create: (c) => ({ slice_name: `Names ${unique()}`, viz_type: 'table', datasource_id: c.ids.dataset, datasource_type: 'table', params: JSON.stringify({ viz_type: 'table', metrics: ['count'], groupby: ['gender'] }) }),
    update: () => ({ description: 'Births by gender' }),
  },
  dashboard: {
    id: (c) => c.ids.dashboard,
    relatedColumn: 'owners',
    distinctColumn: 'dashboard_title',
    create: () => ({ dashboard_title: `Births ${unique()}`, published: false }),
    update: () => ({ css: '.header { color: navy; }' }),
  },
  dataset: {
    id: (c) => c.ids.dataset,
    relatedColumn: 'database',
    distinctColumn: 'schema',
    create: (c) => ({ database: c.ids.database, table_name: `names_${unique()}`, sql: 'SELECT name, num FROM birth_names' }),
    update: () => ({ description: 'US baby names' }),
  },
  database: {
    id: (c) => c.ids.database,
    relatedColumn: 'created_by',
    distinctColumn: 'backend',
    create: () => ({ database_name: `scratch_${unique()}`, sqlalchemy_uri: 'sqlite:///:memory:' }),
    update: () => ({ expose_in_sqllab: true }),
  },
  saved_query: {
    id: (c) => c.ids.savedQuery,
    relatedColumn: 'created_by',
    distinctColumn: 'schema',
    create: (c) => ({ db_id: c.ids.database, label: `Query ${unique()}`, sql: 'SELECT 1', schema: 'main' }),
    update: () => ({ description: 'The most given names' }),
  },
  tag: {
    id: (c) => c.ids.tag,
    relatedColumn: 'created_by',
    distinctColumn: 'name',
    create: () => ({ name: `tag_${unique()}`, description: 'scratch' }),
    update: () => ({ name: 'contract', description: 'Tagged by the contract suite, renamed nothing' }),
  },
  report: {
    id: (c) => c.ids.report,
    relatedColumn: 'owners',
    distinctColumn: 'name',
    create: (c) => ({ type: 'Report', name: `Report ${unique()}`, crontab: '0 9 * * *', chart: c.ids.chart, creation_method: 'charts', report_format: 'CSV' }),
    update: () => ({ active: false }),
  },
  annotation_layer: {
    id: (c) => c.ids.annotationLayer,
    relatedColumn: 'created_by',
    distinctColumn: 'name',
    create: () => ({ name: `Layer ${unique()}`, descr: 'scratch' }),
    update: () => ({ descr: 'Releases of the product' }),
  },
};

/** An annotation of the contract's layer, for the requests that delete one. */
async function throwawayAnnotation(c: ContractContext): Promise<number> {
  const body = await c.call('POST', `/api/v1/annotation_layer/${c.ids.annotationLayer}/annotation/`, { short_descr: `Note ${unique()}`, start_dttm: '2024-01-01T00:00:00', end_dttm: '2024-01-02T00:00:00' });
  return body.id;
}

/** A layer's annotations, nested under it (docs/rest-api.md, Annotation layers). */
function annotationFixtures(): Record<string, RequestFixture> {
  const base = (c: ContractContext) => `/api/v1/annotation_layer/${c.ids.annotationLayer}/annotation`;
  return {
    'GET /api/v1/annotation_layer/{id}/annotation/': (c) => ok(`${base(c)}/?${q({ page: 0, page_size: 25, order_column: 'short_descr', order_direction: 'asc' })}`),
    'POST /api/v1/annotation_layer/{id}/annotation/': (c) =>
      created(`${base(c)}/`, { short_descr: `Launch ${unique()}`, long_descr: 'Public launch', start_dttm: '2024-05-01T09:00:00', end_dttm: '2024-05-01T17:00:00', json_metadata: '{}' }),
    'DELETE /api/v1/annotation_layer/{id}/annotation/': async (c) => ok(`${base(c)}/?${q([await throwawayAnnotation(c), await throwawayAnnotation(c)])}`),
    'GET /api/v1/annotation_layer/{id}/annotation/{annotation_id}': (c) => ok(`${base(c)}/${c.ids.annotation}`),
    'PUT /api/v1/annotation_layer/{id}/annotation/{annotation_id}': (c) => ok(`${base(c)}/${c.ids.annotation}`, { long_descr: 'Shipped to everyone' }),
    'DELETE /api/v1/annotation_layer/{id}/annotation/{annotation_id}': async (c) => ok(`${base(c)}/${await throwawayAnnotation(c)}`),
  };
}

/** A throwaway object of a resource, for the requests that delete one. */
async function throwaway(c: ContractContext, resource: string): Promise<number> {
  const body = await c.call('POST', `/api/v1/${resource}/`, RESOURCES[resource]!.create(c));
  return body.id;
}

function resourceFixtures(): Record<string, RequestFixture> {
  const out: Record<string, RequestFixture> = {};
  for (const [name, r] of Object.entries(RESOURCES)) {
    const base = `/api/v1/${name}`;
    out[`GET ${base}/`] = () => ok(`${base}/?${q({ page: 0, page_size: 25, order_column: 'changed_on_delta_humanized', order_direction: 'desc' })}`);
    out[`GET ${base}/{id}`] = (c) => ok(`${base}/${r.id(c)}`);
    out[`POST ${base}/`] = (c) => created(`${base}/`, r.create(c));
    out[`PUT ${base}/{id}`] = (c) => ok(`${base}/${r.id(c)}`, r.update(c));
    out[`DELETE ${base}/{id}`] = async (c) => ok(`${base}/${await throwaway(c, name)}`);
    out[`DELETE ${base}/`] = async (c) => ok(`${base}/?${q([await throwaway(c, name), await throwaway(c, name)])}`);
    out[`GET ${base}/_info`] = () => ok(`${base}/_info?${q({ keys: ['permissions', 'add_columns', 'edit_columns', 'filters'] })}`);
    out[`GET ${base}/related/{column}`] = () => ok(`${base}/related/${r.relatedColumn}`);
    out[`GET ${base}/distinct/{column}`] = () => ok(`${base}/distinct/${r.distinctColumn}`);
    out[`GET ${base}/favorite_status/`] = (c) => ok(`${base}/favorite_status/?${q([r.id(c)])}`);
    out[`POST ${base}/{id}/favorites/`] = (c) => ok(`${base}/${r.id(c)}/favorites/`);
    out[`DELETE ${base}/{id}/favorites/`] = (c) => ok(`${base}/${r.id(c)}/favorites/`);
    out[`GET ${base}/export/`] = (c) => ok(`${base}/export/?${q([r.id(c)])}`);
    out[`POST ${base}/import/`] = async (c) => {
      const bundle = await exportVia(c.t, name, [r.id(c)]);
      const form = multipart({ file: bundle.zip, fields: { overwrite: 'true' } });
      return { url: `${base}/import/`, payload: form.payload, headers: form.headers, status: 200 };
    };
  }
  return out;
}

const formDataOfChart = (c: ContractContext) => ({ slice_id: c.ids.chart, datasource: `${c.ids.dataset}__table`, viz_type: 'table', metrics: ['count'], groupby: ['gender'], row_limit: 10 });
const queryContext = (c: ContractContext) => ({
  datasource: { id: c.ids.dataset, type: 'table' },
  queries: [{ columns: ['gender'], metrics: ['count'], row_limit: 10, orderby: [['count', false]] }],
  form_data: formDataOfChart(c),
  result_format: 'json',
  result_type: 'full',
});

async function newKey(c: ContractContext, url: string, payload: unknown): Promise<string> {
  return (await c.call('POST', url, payload)).key;
}

/** Runs a query asynchronously and waits (at most 10 s) for the key its stored results are kept under. */
async function asyncResultsKey(c: ContractContext): Promise<string> {
  const clientId = `c${unique()}`;
  await c.call('POST', '/api/v1/sqllab/execute/', { database_id: c.ids.database, sql: 'SELECT state, COUNT(*) AS n FROM birth_names GROUP BY 1', runAsync: true, client_id: clientId });
  for (let i = 0; i < 100; i++) {
    const poll = await c.call('GET', `/api/v1/query/updated_since?${q({ last_updated_ms: 0 })}`);
    const done = poll.result.find((query: { id: string; state: string }) => query.id === clientId && query.state === 'success');
    if (done) return done.resultsKey;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the async SQL Lab query did not finish within 10 s');
}

async function newTab(c: ContractContext): Promise<number> {
  return (await c.call('POST', '/tabstateview/', { queryEditor: { name: 'Contract', dbId: c.ids.database, schema: 'main', sql: 'SELECT 1' } })).id;
}

const explorePayload = (c: ContractContext) => ({ datasource_id: c.ids.dataset, datasource_type: 'table', chart_id: c.ids.chart, form_data: JSON.stringify(formDataOfChart(c)) });

/**
 * Every endpoint docs/rest-api.md lists that Lumen serves, keyed as the documentation writes it. The contract
 * suite fails for a documented endpoint missing here, so documenting an endpoint means giving it a request.
 */
export const REQUEST_FIXTURES: Record<string, RequestFixture> = {
  'GET /login/': () => page('/login/', 'anonymous'),
  'POST /login/': (c) => ({ url: '/login/', as: 'anonymous', headers: { accept: 'application/json' }, payload: { username: 'admin', password: c.t.users.admin.password }, status: 200 }),
  'GET /logout/': () => ({ url: '/logout/', as: 'anonymous', status: 302 }),
  'POST /api/v1/security/login': (c) => ({ url: '/api/v1/security/login', as: 'anonymous', payload: { username: 'admin', password: c.t.users.admin.password, provider: 'db', refresh: true }, status: 200 }),
  'POST /api/v1/security/refresh': async (c) => {
    const login = await c.t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'admin', password: c.t.users.admin.password, provider: 'db', refresh: true } });
    return { url: '/api/v1/security/refresh', as: 'anonymous', headers: { authorization: `Bearer ${login.json().refresh_token}` }, status: 200 };
  },
  'POST /api/v1/security/logout': () => ok('/api/v1/security/logout'),
  'GET /api/v1/security/csrf_token/': () => ok('/api/v1/security/csrf_token/'),
  'GET /api/v1/me/': () => ok('/api/v1/me/'),
  'GET /api/v1/me/roles/': () => ok('/api/v1/me/roles/'),
  'GET /api/v1/me/profile/': () => ok('/api/v1/me/profile/'),
  'GET /api/v1/client_config/': () => ok('/api/v1/client_config/'),
  'PUT /api/v1/me/': () => ok('/api/v1/me/', { first_name: 'Ada' }),
  'PUT /api/v1/me/password/': async (c) => {
    const user = await c.t.addUser(`pw_${unique()}`, ['Gamma']);
    return { url: '/api/v1/me/password/', headers: c.t.headers(user.username), payload: { current_password: user.password, new_password: 'a-much-longer-passphrase-42' }, status: 200 };
  },
  'GET /api/v1/me/preferences/': () => ok('/api/v1/me/preferences/'),
  'PUT /api/v1/me/preferences/': () => ok('/api/v1/me/preferences/', { theme_mode: 'dark' }),
  'POST /api/v1/security/guest_token/': (c) => ok('/api/v1/security/guest_token/', { user: { username: 'viewer' }, resources: [{ type: 'dashboard', id: String(c.ids.dashboard) }], rls: [] }),
  'GET /health': () => ({ url: '/health', as: 'anonymous', status: 200 }),

  ...resourceFixtures(),
  ...annotationFixtures(),

  'POST /api/v1/database/test_connection/': () => ok('/api/v1/database/test_connection/', { sqlalchemy_uri: 'sqlite:///:memory:', database_name: 'probe' }),
  'POST /api/v1/database/validate_parameters/': () => ok('/api/v1/database/validate_parameters/', { engine: 'postgresql', parameters: { host: '127.0.0.1', port: 5432, username: 'postgres', database: 'postgres' }, configuration_method: 'dynamic_form' }),
  'GET /api/v1/database/available/': () => ok('/api/v1/database/available/'),
  'GET /api/v1/database/{id}/catalogs/': (c) => ok(`/api/v1/database/${c.ids.database}/catalogs/`),
  'GET /api/v1/database/{id}/schemas/': (c) => ok(`/api/v1/database/${c.ids.database}/schemas/?${q({ force: false })}`),
  'GET /api/v1/database/{id}/tables/': (c) => ok(`/api/v1/database/${c.ids.database}/tables/?${q({ schema_name: 'main', force: false })}`),
  'GET /api/v1/database/{id}/table_metadata/': (c) => ok(`/api/v1/database/${c.ids.database}/table_metadata/?name=birth_names&schema=main`),
  'GET /api/v1/database/{id}/table_metadata/extra/': (c) => ok(`/api/v1/database/${c.ids.database}/table_metadata/extra/?name=birth_names&schema=main`),
  'GET /api/v1/database/{id}/select_star/{table}/': (c) => ok(`/api/v1/database/${c.ids.database}/select_star/birth_names/`),
  'GET /api/v1/database/{id}/select_star/{table}/{schema}/': (c) => ok(`/api/v1/database/${c.ids.database}/select_star/birth_names/main/`),
  'GET /api/v1/database/{id}/function_names/': (c) => ok(`/api/v1/database/${c.ids.database}/function_names/`),
  'POST /api/v1/database/{id}/validate_sql/': (c) => ok(`/api/v1/database/${c.ids.database}/validate_sql/`, { sql: 'SELECT name FROM birth_names', schema: 'main' }),
  'POST /api/v1/dataset/get_or_create/': (c) => ok('/api/v1/dataset/get_or_create/', { database_id: c.ids.database, table_name: 'sales', schema: 'main' }),
  'POST /superset/sqllab_viz/': (c) => ({
    url: '/superset/sqllab_viz/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `data=${encodeURIComponent(JSON.stringify({ dbId: c.ids.database, datasourceName: `viz_${unique()}`, sql: 'SELECT state, SUM(num) AS n FROM birth_names GROUP BY 1', schema: 'main', columns: [{ name: 'state', type: 'VARCHAR', is_date: false }] }))}`,
    status: 200,
  }),
  'PUT /api/v1/dataset/{id}/refresh': (c) => ok(`/api/v1/dataset/${c.ids.dataset}/refresh`),
  'GET /api/v1/dataset/{id}/related_objects': (c) => ok(`/api/v1/dataset/${c.ids.dataset}/related_objects`),
  'GET /superset/fetch_datasource_metadata': (c) => ok(`/superset/fetch_datasource_metadata?datasourceKey=${c.ids.dataset}__table`),
  'POST /api/v1/database/{id}/upload/': async (c) => {
    // A file database (outside the data directory, which Lumen refuses): every connection to
    // sqlite:///:memory: would see an empty database of its own.
    const file = join(c.scratchDir, `uploads_${unique()}.sqlite`);
    const scratch = await c.call('POST', '/api/v1/database/', { database_name: `uploads_${unique()}`, sqlalchemy_uri: `sqlite:///${file}`, allow_file_upload: true });
    const form = multipart({ file: new TextEncoder().encode('name,num\nAda,3\nGrace,5\n'), filename: 'names.csv', field: 'file', fields: { type: 'csv', table_name: 'names' } });
    return { url: `/api/v1/database/${scratch.id}/upload/`, payload: form.payload, headers: form.headers, status: 201 };
  },
  'POST /api/v1/database/upload_metadata/': () => {
    const form = multipart({ file: new TextEncoder().encode('name,num\nAda,3\n'), filename: 'names.csv', field: 'file', fields: { type: 'csv' } });
    return { url: '/api/v1/database/upload_metadata/', payload: form.payload, headers: form.headers, status: 200 };
  },
  'GET /api/v1/database/{id}/schemas_access_for_file_upload/': (c) => ok(`/api/v1/database/${c.ids.database}/schemas_access_for_file_upload/`),

  'POST /api/v1/chart/data': (c) => ok('/api/v1/chart/data', queryContext(c)),
  'GET /api/v1/chart/{id}/data/': (c) => ok(`/api/v1/chart/${c.ids.chart}/data/?format=json&type=full`),
  'POST /datasource/samples': (c) => ok(`/datasource/samples?datasource_type=table&datasource_id=${c.ids.dataset}&per_page=5&page=1`, {}),
  'POST /superset/explore_json/': (c) => ok(`/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify(formDataOfChart(c)))}`),
  // No async job ran under this key: the incumbent's documented 404 'Cached data not found'.
  'GET /api/v1/chart/data/{cache_key}': () => ({ url: '/api/v1/chart/data/0123456789abcdef0123456789abcdef', status: 404 }),
  'GET /api/v1/async_event/': () => ok('/api/v1/async_event/?last_id=0'),

  'GET /api/v1/dashboard/{id_or_slug}/charts': (c) => ok(`/api/v1/dashboard/${c.ids.dashboardSlug}/charts`),
  'GET /api/v1/dashboard/{id_or_slug}/datasets': (c) => ok(`/api/v1/dashboard/${c.ids.dashboardSlug}/datasets`),
  'POST /api/v1/dashboard/{id_or_slug}/copy/': (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/copy/`, { dashboard_title: `Copy ${unique()}`, json_metadata: '{}', duplicate_slices: false }),
  'PUT /api/v1/dashboard/{id_or_slug}/colors': (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/colors?mark_updated=false`, { color_namespace: '', color_scheme: 'supersetColors', map_label_colors: { boy: '#1FA8C9' } }),
  'PUT /api/v1/dashboard/{id_or_slug}/filters': (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/filters`, { modified: [], deleted: [], reordered: [] }),
  'POST /api/v1/dashboard/{id_or_slug}/permalink': (c) => created(`/api/v1/dashboard/${c.ids.dashboard}/permalink`, { dataMask: {}, activeTabs: [], anchor: '', urlParams: [] }),
  'GET /api/v1/dashboard/permalink/{key}': async (c) => ok(`/api/v1/dashboard/permalink/${await newKey(c, `/api/v1/dashboard/${c.ids.dashboard}/permalink`, { dataMask: {} })}`),
  'POST /api/v1/dashboard/{id}/filter_state': (c) => created(`/api/v1/dashboard/${c.ids.dashboard}/filter_state?tab_id=1`, { value: JSON.stringify({ id: 'NATIVE_FILTER-1', filterState: { value: ['CA'] } }) }),
  'GET /api/v1/dashboard/{id}/filter_state/{key}': async (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/filter_state/${await newKey(c, `/api/v1/dashboard/${c.ids.dashboard}/filter_state`, { value: '{}' })}`),
  'PUT /api/v1/dashboard/{id}/filter_state/{key}': async (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/filter_state/${await newKey(c, `/api/v1/dashboard/${c.ids.dashboard}/filter_state`, { value: '{}' })}`, { value: '{"x":1}' }),
  'DELETE /api/v1/dashboard/{id}/filter_state/{key}': async (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/filter_state/${await newKey(c, `/api/v1/dashboard/${c.ids.dashboard}/filter_state`, { value: '{}' })}`),
  'POST /api/v1/explore/permalink': (c) => created('/api/v1/explore/permalink', { formData: formDataOfChart(c), urlParams: [['standalone', '1']] }),
  'GET /api/v1/explore/permalink/{key}': async (c) => ok(`/api/v1/explore/permalink/${await newKey(c, '/api/v1/explore/permalink', { formData: formDataOfChart(c) })}`),
  'POST /api/v1/explore/form_data': (c) => created('/api/v1/explore/form_data', explorePayload(c)),
  'GET /api/v1/explore/form_data/{key}': async (c) => ok(`/api/v1/explore/form_data/${await newKey(c, '/api/v1/explore/form_data', explorePayload(c))}`),
  'PUT /api/v1/explore/form_data/{key}': async (c) => ok(`/api/v1/explore/form_data/${await newKey(c, '/api/v1/explore/form_data', explorePayload(c))}`, explorePayload(c)),
  'DELETE /api/v1/explore/form_data/{key}': async (c) => ok(`/api/v1/explore/form_data/${await newKey(c, '/api/v1/explore/form_data', explorePayload(c))}`),
  'POST /api/v1/dashboard/{id_or_slug}/embedded': (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/embedded`, { allowed_domains: ['https://intranet.example.com'] }),
  'GET /api/v1/dashboard/{id_or_slug}/embedded': async (c) => {
    await c.call('POST', `/api/v1/dashboard/${c.ids.dashboard}/embedded`, { allowed_domains: ['https://intranet.example.com'] });
    return ok(`/api/v1/dashboard/${c.ids.dashboard}/embedded`);
  },
  'PUT /api/v1/dashboard/{id_or_slug}/embedded': (c) => ok(`/api/v1/dashboard/${c.ids.dashboard}/embedded`, { allowed_domains: ['https://intranet.example.com', 'https://portal.example.com'] }),
  'DELETE /api/v1/dashboard/{id_or_slug}/embedded': async (c) => {
    const dashboard = await throwaway(c, 'dashboard');
    await c.call('POST', `/api/v1/dashboard/${dashboard}/embedded`, { allowed_domains: [] });
    return ok(`/api/v1/dashboard/${dashboard}/embedded`);
  },
  'GET /api/v1/embedded_dashboard/{uuid}': async (c) => {
    const embedded = await c.call('POST', `/api/v1/dashboard/${c.ids.dashboard}/embedded`, { allowed_domains: [] });
    return ok(`/api/v1/embedded_dashboard/${embedded.result.uuid}`);
  },

  'GET /api/v1/sqllab/': () => ok('/api/v1/sqllab/'),
  'POST /api/v1/sqllab/execute/': (c) => ok('/api/v1/sqllab/execute/', { database_id: c.ids.database, sql: 'SELECT state, SUM(num) AS n FROM birth_names GROUP BY 1 ORDER BY 2 DESC', schema: 'main', runAsync: false, client_id: `c${unique()}`, queryLimit: 100 }),
  'POST /api/v1/sqllab/format_sql/': () => ok('/api/v1/sqllab/format_sql/', { sql: 'select state,sum(num) from birth_names group by 1' }),
  'POST /api/v1/sqllab/estimate/': (c) => ok('/api/v1/sqllab/estimate/', { database_id: c.ids.database, sql: 'SELECT COUNT(*) FROM birth_names', schema: 'main' }),
  'POST /superset/sql_json/': (c) => ok('/superset/sql_json/', { database_id: c.ids.database, sql: 'SELECT COUNT(*) AS n FROM birth_names', schema: 'main', runAsync: false, client_id: `c${unique()}` }),
  'GET /api/v1/sqllab/results/': async (c) => ok(`/api/v1/sqllab/results/?${q({ key: await asyncResultsKey(c), rows: 10 })}`),
  'POST /api/v1/sqllab/permalink': (c) => created('/api/v1/sqllab/permalink', { dbId: c.ids.database, name: 'Names', schema: 'main', sql: 'SELECT * FROM birth_names', autorun: false, templateParams: '{}' }),
  'GET /api/v1/sqllab/permalink/{key}': async (c) => ok(`/api/v1/sqllab/permalink/${await newKey(c, '/api/v1/sqllab/permalink', { dbId: c.ids.database, sql: 'SELECT 1', name: 'one' })}`),
  'POST /api/v1/query/stop': async (c) => {
    const clientId = `c${unique()}`;
    await c.call('POST', '/api/v1/sqllab/execute/', { database_id: c.ids.database, sql: 'SELECT 1', runAsync: false, client_id: clientId });
    return ok('/api/v1/query/stop', { client_id: clientId });
  },
  'GET /api/v1/query/': () => ok(`/api/v1/query/?${q({ page: 0, page_size: 25, order_column: 'start_time', order_direction: 'desc' })}`),
  'GET /api/v1/query/{id}': async (c) => ok(`/api/v1/query/${(await c.call('GET', '/api/v1/query/')).ids[0]}`),
  'GET /api/v1/query/updated_since': () => ok(`/api/v1/query/updated_since?${q({ last_updated_ms: 0 })}`),
  'POST /tabstateview/': (c) => ok('/tabstateview/', { queryEditor: { name: 'Untitled Query', dbId: c.ids.database, schema: 'main', sql: 'SELECT 1' } }),
  'GET /tabstateview/{id}': async (c) => ok(`/tabstateview/${await newTab(c)}`),
  'PUT /tabstateview/{id}': async (c) => ok(`/tabstateview/${await newTab(c)}`, { label: 'Renamed', query_limit: 10 }),
  'DELETE /tabstateview/{id}': async (c) => ok(`/tabstateview/${await newTab(c)}`),
  'POST /tabstateview/{id}/activate': async (c) => ok(`/tabstateview/${await newTab(c)}/activate`),
  'POST /tabstateview/{id}/migrate_query': async (c) => {
    const clientId = `c${unique()}`;
    await c.call('POST', '/api/v1/sqllab/execute/', { database_id: c.ids.database, sql: 'SELECT 2', runAsync: false, client_id: clientId });
    return ok(`/tabstateview/${await newTab(c)}/migrate_query`, { queryId: clientId });
  },
  'DELETE /tabstateview/{tab}/query/{client_id}': async (c) => ok(`/tabstateview/${await newTab(c)}/query/c${unique()}`),
  'POST /tableschemaview/': async (c) => ok('/tableschemaview/', { table: { queryEditorId: await newTab(c), dbId: c.ids.database, schema: 'main', name: 'birth_names', expanded: true } }),
  'DELETE /tableschemaview/{id}': async (c) => {
    const table = await c.call('POST', '/tableschemaview/', { table: { queryEditorId: await newTab(c), dbId: c.ids.database, schema: 'main', name: 'sales' } });
    return ok(`/tableschemaview/${table.id}`);
  },
  'POST /tableschemaview/{id}/expanded': async (c) => {
    const table = await c.call('POST', '/tableschemaview/', { table: { queryEditorId: await newTab(c), dbId: c.ids.database, schema: 'main', name: 'events' } });
    return ok(`/tableschemaview/${table.id}/expanded`, { expanded: false });
  },

  'POST /superset/log/': (c) => ok(`/superset/log/?explode=events&dashboard_id=${c.ids.dashboard}`, { events: JSON.stringify([{ event_name: 'mount_dashboard', ts: 1_700_000_000_000 }]) }),
  'POST /api/v1/log/': () => created('/api/v1/log/', { events: [{ event_name: 'spa_navigation', path: '/chart/list/' }] }),
  'GET /api/v1/log/': () => ok(`/api/v1/log/?${q({ page: 0, page_size: 25 })}`),
  'GET /api/v1/log/{id}': async (c) => {
    await c.call('POST', '/api/v1/log/', { events: [{ event_name: 'contract' }] });
    // Events are written in batches once a second.
    for (let i = 0; i < 50; i++) {
      const list = await c.call('GET', '/api/v1/log/');
      if (list.ids.length) return ok(`/api/v1/log/${list.ids[0]}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no event log entry was written within 5 s');
  },
  'GET /api/v1/log/recent_activity/': () => ok(`/api/v1/log/recent_activity/?${q({ page: 0, page_size: 5, actions: ['dashboard', 'explore'], distinct: true })}`),

  'GET /api/v1/report/{id}/log/': (c) => ok(`/api/v1/report/${c.ids.report}/log/?${q({ page: 0, page_size: 25, order_column: 'start_dttm', order_direction: 'desc' })}`),
  'POST /api/v1/report/{id}/run': (c) => ok(`/api/v1/report/${c.ids.report}/run`),
  'GET /api/v1/report/{id}/log/{log_id}': async (c) => {
    const run = await c.call('POST', `/api/v1/report/${c.ids.report}/run`);
    return ok(`/api/v1/report/${c.ids.report}/log/${run.result.id}`);
  },

  ...securityFixtures(),
};

function securityFixtures(): Record<string, RequestFixture> {
  const role = async (c: ContractContext) => (await c.call('POST', '/api/v1/security/roles/', { name: `role_${unique()}` })).id as number;
  const user = async (c: ContractContext, roles: number[]) =>
    (await c.call('POST', '/api/v1/security/users/', { username: `u_${unique()}`, first_name: 'Grace', last_name: 'Hopper', email: `${unique()}@example.com`, password: 'correct-horse-battery', roles })).id as number;
  const viewMenu = async (c: ContractContext) => (await c.call('POST', '/api/v1/security/resources/', { name: `View${unique()}` })).id as number;
  const rlsRule = (c: ContractContext) => ({ name: `Rule ${unique()}`, filter_type: 'Regular', tables: [c.ids.dataset], roles: [c.ids.role], clause: "gender = 'girl'" });
  const s = '/api/v1/security';
  return {
    [`GET ${s}/users/`]: () => ok(`${s}/users/?${q({ page: 0, page_size: 25 })}`),
    [`GET ${s}/users/{id}`]: (c) => ok(`${s}/users/${c.ids.user}`),
    [`GET ${s}/users/_info`]: () => ok(`${s}/users/_info`),
    [`GET ${s}/users/related/roles`]: () => ok(`${s}/users/related/roles`),
    [`GET ${s}/users/related/created_by`]: () => ok(`${s}/users/related/created_by`),
    [`GET ${s}/users/related/changed_by`]: () => ok(`${s}/users/related/changed_by`),
    [`POST ${s}/users/`]: (c) => created(`${s}/users/`, { username: `u_${unique()}`, first_name: 'Ada', last_name: 'Lovelace', email: `${unique()}@example.com`, password: 'correct-horse-battery', roles: [c.ids.role], active: true }),
    [`PUT ${s}/users/{id}`]: async (c) => ok(`${s}/users/${await user(c, [c.ids.role])}`, { first_name: 'Augusta' }),
    [`DELETE ${s}/users/{id}`]: async (c) => ok(`${s}/users/${await user(c, [c.ids.role])}`),
    [`DELETE ${s}/users/`]: async (c) => ok(`${s}/users/?${q([await user(c, [c.ids.role])])}`),
    [`GET ${s}/roles/`]: () => ok(`${s}/roles/`),
    [`POST ${s}/roles/`]: () => created(`${s}/roles/`, { name: `Analyst ${unique()}` }),
    [`GET ${s}/roles/{id}`]: (c) => ok(`${s}/roles/${c.ids.role}`),
    [`PUT ${s}/roles/{id}`]: async (c) => ok(`${s}/roles/${await role(c)}`, { name: `Renamed ${unique()}` }),
    [`DELETE ${s}/roles/{id}`]: async (c) => ok(`${s}/roles/${await role(c)}`),
    [`DELETE ${s}/roles/`]: async (c) => ok(`${s}/roles/?${q([await role(c), await role(c)])}`),
    [`GET ${s}/roles/_info`]: () => ok(`${s}/roles/_info`),
    [`GET ${s}/roles/search/`]: () => ok(`${s}/roles/search/?${q({ filters: [{ col: 'name', opr: 'ct', value: 'a' }], page: 0, page_size: 25 })}`),
    [`GET ${s}/roles/{id}/permissions/`]: (c) => ok(`${s}/roles/${c.ids.role}/permissions/`),
    [`POST ${s}/roles/{id}/permissions`]: async (c) => ok(`${s}/roles/${await role(c)}/permissions`, { permission_view_menu_ids: [c.ids.permissionView] }),
    [`PUT ${s}/roles/{id}/users`]: async (c) => ok(`${s}/roles/${await role(c)}/users`, { user_ids: [c.ids.user] }),
    [`GET ${s}/permissions/`]: () => ok(`${s}/permissions/`),
    [`GET ${s}/permissions/{id}`]: (c) => ok(`${s}/permissions/${c.ids.permission}`),
    [`GET ${s}/permissions/_info`]: () => ok(`${s}/permissions/_info`),
    [`GET ${s}/resources/`]: () => ok(`${s}/resources/`),
    [`POST ${s}/resources/`]: () => created(`${s}/resources/`, { name: `Report Builder ${unique()}` }),
    [`GET ${s}/resources/{id}`]: (c) => ok(`${s}/resources/${c.ids.viewMenu}`),
    [`PUT ${s}/resources/{id}`]: async (c) => ok(`${s}/resources/${await viewMenu(c)}`, { name: `Renamed ${unique()}` }),
    [`DELETE ${s}/resources/{id}`]: async (c) => ok(`${s}/resources/${await viewMenu(c)}`),
    [`DELETE ${s}/resources/`]: async (c) => ok(`${s}/resources/?${q([await viewMenu(c)])}`),
    [`GET ${s}/resources/_info`]: () => ok(`${s}/resources/_info`),
    [`GET ${s}/permissions-resources/`]: () => ok(`${s}/permissions-resources/`),
    [`POST ${s}/permissions-resources/`]: async (c) => created(`${s}/permissions-resources/`, { permission_id: c.ids.permission, view_menu_id: await viewMenu(c) }),
    [`GET ${s}/permissions-resources/{id}`]: (c) => ok(`${s}/permissions-resources/${c.ids.permissionView}`),
    [`PUT ${s}/permissions-resources/{id}`]: async (c) => {
      const pair = await c.call('POST', `${s}/permissions-resources/`, { permission_id: c.ids.permission, view_menu_id: await viewMenu(c) });
      return ok(`${s}/permissions-resources/${pair.id}`, { permission_id: c.ids.permission, view_menu_id: await viewMenu(c) });
    },
    [`DELETE ${s}/permissions-resources/{id}`]: async (c) => {
      const pair = await c.call('POST', `${s}/permissions-resources/`, { permission_id: c.ids.permission, view_menu_id: await viewMenu(c) });
      return ok(`${s}/permissions-resources/${pair.id}`);
    },
    [`DELETE ${s}/permissions-resources/`]: async (c) => {
      const pair = await c.call('POST', `${s}/permissions-resources/`, { permission_id: c.ids.permission, view_menu_id: await viewMenu(c) });
      return ok(`${s}/permissions-resources/?${q([pair.id])}`);
    },
    [`GET ${s}/permissions-resources/_info`]: () => ok(`${s}/permissions-resources/_info`),
    [`GET ${s}/permissions-resources/related/permission`]: () => ok(`${s}/permissions-resources/related/permission`),
    [`GET ${s}/permissions-resources/related/view_menu`]: () => ok(`${s}/permissions-resources/related/view_menu`),
    'GET /api/v1/rowlevelsecurity/': () => ok('/api/v1/rowlevelsecurity/'),
    'GET /api/v1/rowlevelsecurity/{id}': (c) => ok(`/api/v1/rowlevelsecurity/${c.ids.rls}`),
    'GET /api/v1/rowlevelsecurity/_info': () => ok('/api/v1/rowlevelsecurity/_info'),
    'GET /api/v1/rowlevelsecurity/related/tables': () => ok('/api/v1/rowlevelsecurity/related/tables'),
    'GET /api/v1/rowlevelsecurity/related/roles': () => ok('/api/v1/rowlevelsecurity/related/roles'),
    'POST /api/v1/rowlevelsecurity/': (c) => created('/api/v1/rowlevelsecurity/', rlsRule(c)),
    'PUT /api/v1/rowlevelsecurity/{id}': async (c) => ok(`/api/v1/rowlevelsecurity/${(await c.call('POST', '/api/v1/rowlevelsecurity/', rlsRule(c))).id}`, { description: 'Girls only' }),
    'DELETE /api/v1/rowlevelsecurity/{id}': async (c) => ok(`/api/v1/rowlevelsecurity/${(await c.call('POST', '/api/v1/rowlevelsecurity/', rlsRule(c))).id}`),
    'DELETE /api/v1/rowlevelsecurity/': async (c) => ok(`/api/v1/rowlevelsecurity/?${q([(await c.call('POST', '/api/v1/rowlevelsecurity/', rlsRule(c))).id])}`),
    'GET /users/list/': () => page('/users/list/?psize_UserDBModelView=25&page_UserDBModelView=0&_flt_2_username=a'),
    'GET /roles/list/': () => page('/roles/list/?psize_RoleModelView=25&page_RoleModelView=0'),
    'GET /roles/edit/{id}': (c) => page(`/roles/edit/${c.ids.role}`),
    [`GET ${s}/request_access/`]: (c) => ok(`${s}/request_access/?datasource_id=${c.ids.dataset}`),
    [`POST ${s}/request_access/`]: async (c) => {
      const viewer = await c.t.addUser(`viewer_${unique()}`, ['Gamma']);
      return { url: `${s}/request_access/`, headers: c.t.headers(viewer.username), payload: { datasource_id: c.ids.dataset, message: 'For the births report' }, status: 200 };
    },
  };
}
