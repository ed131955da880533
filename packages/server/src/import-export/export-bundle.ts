import { sql } from 'kysely';
import { stringify } from 'yaml';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { DatabaseRow, DatasetRow } from '../metadata/schema';
import type { AnyDb, RequestScope, ResourceDefinition } from '../resources/definition';
import { parseJsonText } from '../resources/serializers/relations';
import { type BundleFiles, writeBundle } from './bundle-archive';
import { type AssetKind, METADATA_TYPES, SUPPORTED_VERSION } from './bundle-contents';
import { chartConfig, dashboardConfig, databaseConfig, datasetConfig, savedQueryConfig } from './export-configs';
import { exportRootName, fileStem } from './file-names';
import { chartIdsInLayout, datasetIdsInMetadata } from './id-refs';
import { openDatabaseExtraSecrets, type SecretKeys } from '../security/database-secrets';
import type { CurrentUser } from '../security/current-user';
import { assertMayExport } from './export-access';
import { layeredIdsOf } from '../embedding/layered-charts';

/**
 * Builds an export bundle: the requested objects plus what they depend on (a dashboard brings its charts,
 * their datasets and those datasets' databases; a database brings its datasets, as the incumbent's
 * exporter does; a deck_multi chart brings the charts it layers, Lumen's addition), written as YAML under one root folder and zipped.
 */
export type ExportKind = AssetKind | 'assets';

const ROOT_TYPES: Record<ExportKind, string> = { database: 'database', dataset: 'dataset', chart: 'chart', dashboard: 'dashboard', saved_query: 'saved_query', assets: 'assets' };

/** Ids of `def`'s rows among `ids` that the user may see; 404 when any is unknown or hidden. */
export async function visibleIds(def: ResourceDefinition, ids: number[], scope: RequestScope): Promise<number[]> {
  if (ids.length === 0) throw notFound('Not found');
  const rows = await scope.db
    .selectFrom(`${def.table} as t`)
    .select('t.id')
    .where('t.id', 'in', ids)
    .where((eb) => (def.visibility ? def.visibility(eb, scope) ?? sql<boolean>`1 = 1` : sql<boolean>`1 = 1`))
    .execute();
  if (rows.length !== ids.length) throw notFound('Not found');
  return ids;
}

interface Selection {
  databases: Set<number>;
  datasets: Set<number>;
  charts: Set<number>;
  dashboards: Set<number>;
  queries: Set<number>;
}

async function closeOver(db: AnyDb, selection: Selection): Promise<void> {
  if (selection.dashboards.size) {
    const dashboards = await db.selectFrom('dashboards').select(['id', 'position_json', 'json_metadata']).where('id', 'in', [...selection.dashboards]).execute();
    const links = await db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', 'in', [...selection.dashboards]).execute();
    for (const link of links) selection.charts.add(link.slice_id as number);
    for (const dashboard of dashboards) {
      for (const id of chartIdsInLayout(parseJsonText(dashboard.position_json))) selection.charts.add(id);
      for (const id of datasetIdsInMetadata(parseJsonText(dashboard.json_metadata))) selection.datasets.add(id);
    }
  }
  if (selection.charts.size) {
    await addLayeredCharts(db, selection.charts);
    const charts = await db.selectFrom('slices').select(['id', 'datasource_id', 'datasource_type']).where('id', 'in', [...selection.charts]).execute();
    // A layout may still name a deleted chart: export what exists.
    selection.charts = new Set(charts.map((c) => c.id as number));
    for (const chart of charts) if (chart.datasource_type === 'table' && typeof chart.datasource_id === 'number') selection.datasets.add(chart.datasource_id);
  }
  if (selection.datasets.size) {
    const datasets = await db.selectFrom('tables').select(['id', 'database_id']).where('id', 'in', [...selection.datasets]).execute();
    selection.datasets = new Set(datasets.map((d) => d.id as number));
    for (const dataset of datasets) selection.databases.add(dataset.database_id as number);
  }
  if (selection.queries.size) {
    const queries = await db.selectFrom('saved_query').select('db_id').where('id', 'in', [...selection.queries]).execute();
    for (const query of queries) selection.databases.add(query.db_id as number);
  }
}

/**
 * Adds the charts the selected deck_multi charts layer (their `deck_slices`, which need not be on any
 * dashboard), so an import elsewhere can draw every layer; repeated until nothing new is added.
 */
async function addLayeredCharts(db: AnyDb, charts: Set<number>): Promise<void> {
  let pending = [...charts];
  while (pending.length) {
    const multis = await db.selectFrom('slices').select('params').where('id', 'in', pending).where('viz_type', '=', 'deck_multi').execute();
    pending = [];
    for (const multi of multis) {
      for (const id of layeredIdsOf(paramsObject(multi.params as string | null))) {
        if (!charts.has(id)) {
          charts.add(id);
          pending.push(id);
        }
      }
    }
  }
}

function paramsObject(text: string | null): Record<string, unknown> {
  const value = parseJsonText(text) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Picks a path not used yet, adding `_{id}` on a clash (two tables of one name in two schemas). */
function claim(used: Set<string>, base: string, id: number): string {
  let path = `${base}.yaml`;
  if (used.has(path)) path = `${base}_${id}.yaml`;
  used.add(path);
  return path;
}

/**
 * YAML as a YAML 1.1 reader (the incumbent's PyYAML importer and its clients) reads it back unchanged:
 * the 1.1 schema quotes every string 1.1 would resolve to something else, so a label key `No` or `on`
 * stays a string instead of becoming a boolean, and metadata's `timestamp` stays the string the
 * incumbent's schema validates instead of a datetime. Quoting changes nothing for a YAML 1.2 reader.
 */
const dump = (doc: unknown): string => stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' });

async function renderFiles(db: AnyDb, selection: Selection, kind: ExportKind, keys: SecretKeys): Promise<BundleFiles> {
  const files: BundleFiles = new Map();
  const used = new Set<string>();
  const list = (set: Set<number>) => [...set].sort((a, b) => a - b);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

  const databases = selection.databases.size ? byId((await db.selectFrom('dbs').selectAll().where('id', 'in', list(selection.databases)).execute()) as DatabaseRow[]) : new Map<number, DatabaseRow>();
  const datasets = selection.datasets.size ? byId((await db.selectFrom('tables').selectAll().where('id', 'in', list(selection.datasets)).execute()) as DatasetRow[]) : new Map<number, DatasetRow>();

  const timestamp = new Date().toISOString().replace('Z', '+00:00');
  const metadata = kind === 'assets' ? { version: SUPPORTED_VERSION, type: 'assets', timestamp } : { version: SUPPORTED_VERSION, type: METADATA_TYPES[kind], timestamp };
  files.set('metadata.yaml', dump(metadata));

  for (const database of databases.values()) {
    files.set(claim(used, `databases/${fileStem(database.database_name, `database_${database.id}`)}`, database.id), dump(databaseConfig({ ...database, encrypted_extra: openDatabaseExtraSecrets(keys, database) })));
  }
  if (datasets.size) {
    const ids = [...datasets.keys()];
    const columns = await db.selectFrom('table_columns').selectAll().where('table_id', 'in', ids).orderBy('id').execute();
    const metrics = await db.selectFrom('sql_metrics').selectAll().where('table_id', 'in', ids).orderBy('id').execute();
    for (const dataset of datasets.values()) {
      const database = databases.get(dataset.database_id)!;
      const path = claim(used, `datasets/${fileStem(database.database_name, `database_${database.id}`)}/${fileStem(dataset.table_name, `dataset_${dataset.id}`)}`, dataset.id);
      const own = <T extends { table_id: number }>(rows: T[]) => rows.filter((r) => r.table_id === dataset.id);
      files.set(path, dump(datasetConfig(dataset, own(columns as never[]), own(metrics as never[]), database.uuid)));
    }
  }
  const chartUuids = new Map<number, string>();
  if (selection.charts.size) {
    const charts = await db.selectFrom('slices').selectAll().where('id', 'in', list(selection.charts)).execute();
    // Import maps a deck_multi's deck_slices through each layered chart's params.slice_id: make sure it is there.
    const layered = new Set(charts.filter((c) => c.viz_type === 'deck_multi').flatMap((c) => layeredIdsOf(paramsObject(c.params as string | null))));
    for (const chart of charts) {
      chartUuids.set(chart.id as number, chart.uuid as string);
      const datasetUuid = chart.datasource_type === 'table' ? datasets.get(chart.datasource_id as number)?.uuid ?? null : null;
      const config = chartConfig(chart as never, datasetUuid);
      if (layered.has(chart.id as number) && config.params && typeof config.params === 'object' && !Array.isArray(config.params)) {
        config.params = { ...(config.params as Record<string, unknown>), slice_id: chart.id };
      }
      files.set(claim(used, `charts/${fileStem(chart.slice_name as string, 'chart')}_${chart.id}`, chart.id as number), dump(config));
    }
  }
  if (selection.dashboards.size) {
    const datasetUuids = new Map([...datasets.values()].map((d) => [d.id, d.uuid]));
    const dashboards = await db.selectFrom('dashboards').selectAll().where('id', 'in', list(selection.dashboards)).execute();
    for (const dashboard of dashboards) {
      const path = claim(used, `dashboards/${fileStem(dashboard.dashboard_title as string, 'dashboard')}_${dashboard.id}`, dashboard.id as number);
      files.set(path, dump(dashboardConfig(dashboard as never, chartUuids, datasetUuids)));
    }
  }
  if (selection.queries.size) {
    const queries = await db.selectFrom('saved_query').selectAll().where('id', 'in', list(selection.queries)).execute();
    for (const query of queries) {
      const database = databases.get(query.db_id as number)!;
      const base = `queries/${fileStem(database.database_name, `database_${database.id}`)}/${fileStem(query.schema as string | null, 'default')}/${fileStem(query.label as string, `query_${query.id}`)}`;
      files.set(claim(used, base, query.id as number), dump(savedQueryConfig(query as never, database.uuid)));
    }
  }
  return files;
}

/**
 * The zip of the objects `ids` of `kind` (already checked visible) and their dependencies.
 *
 * @example
 * const { filename, zip } = await buildExport(ctx, 'dashboard', [1, 2], request.user);
 */
export async function buildExport(
  ctx: AppContext,
  kind: ExportKind,
  ids: number[] | 'all',
  user: CurrentUser,
): Promise<{ filename: string; zip: Uint8Array; files: BundleFiles }> {
  const db = ctx.store.db as unknown as AnyDb;
  const selection: Selection = { databases: new Set(), datasets: new Set(), charts: new Set(), dashboards: new Set(), queries: new Set() };
  if (ids === 'all') {
    const all = async (table: 'dbs' | 'tables' | 'slices' | 'dashboards' | 'saved_query') => new Set((await db.selectFrom(table).select('id').execute()).map((r) => r.id as number));
    Object.assign(selection, { databases: await all('dbs'), datasets: await all('tables'), charts: await all('slices'), dashboards: await all('dashboards'), queries: await all('saved_query') });
  } else {
    const target: Record<AssetKind, keyof Selection> = { database: 'databases', dataset: 'datasets', chart: 'charts', dashboard: 'dashboards', saved_query: 'queries' };
    selection[target[kind as AssetKind]] = new Set(ids);
    if (kind === 'database') {
      const datasets = await db.selectFrom('tables').select('id').where('database_id', 'in', ids).execute();
      for (const dataset of datasets) selection.datasets.add(dataset.id as number);
    }
  }
  await closeOver(db, selection);
  await assertMayExport(db, user, selection.datasets, selection.databases);
  const files = await renderFiles(db, selection, kind, ctx.config);
  const root = exportRootName(ROOT_TYPES[kind]);
  return { filename: `${root}.zip`, zip: writeBundle(root, files), files };
}
