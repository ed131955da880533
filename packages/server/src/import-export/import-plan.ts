import type { AppContext } from '../context';
import { findEngineSpec, parseDatabaseUri } from '../engines';
import { LumenError } from '../errors';
import { PASSWORD_MASK } from '../resources/definitions/database';
import type { AnyDb, Row } from '../resources/definition';
import { type CurrentUser, hasPermission } from '../security/current-user';
import { type AssetKind, type BundleContents, type Config, METADATA_TYPES } from './bundle-contents';
import { ImportProblems, PASSWORD_REQUIRED, SSH_KEY_PASSWORD_REQUIRED, SSH_KEY_REQUIRED, SSH_PASSWORD_REQUIRED } from './import-errors';
import { chartUuidsInPosition, datasetUuidsInMetadata } from './id-refs';
import { layeredIdsOf } from '../embedding/layered-charts';
import { lumenFileProblem } from '../databases/data-dir-guard';

/**
 * The validation half of an import: which files the endpoint imports (its type and what they depend on),
 * whether each is well formed, whether its references resolve, which objects already exist, which
 * passwords are missing and whether the user may create or overwrite each object. Nothing is written
 * until the whole plan is clean, so a refused import leaves the store unchanged.
 */
export type ImportKind = AssetKind | 'assets';

export interface ImportOptions {
  overwrite: boolean;
  /** Keyed by bundle path, e.g. {'databases/examples.yaml': 'secret'}. */
  passwords: Record<string, string>;
  sshTunnelPasswords: Record<string, string>;
  sshTunnelPrivateKeys: Record<string, string>;
  sshTunnelPrivateKeyPasswords: Record<string, string>;
}

export interface PlannedItem {
  path: string;
  config: Config;
  /** The stored row with the same uuid, if any. */
  existing: Row | undefined;
  /** Write it (new, or overwrite asked for); false: an existing dependency that is reused as it is. */
  write: boolean;
}

export interface ImportPlan {
  items: Record<AssetKind, PlannedItem[]>;
  /** Stored rows by uuid of every object referenced from outside the imported files. */
  stored: Record<'database' | 'dataset' | 'chart', Map<string, Row>>;
  /** Database passwords to store, by bundle path (resolved from the request, the URI or the stored row). */
  passwords: Map<string, string | null>;
  /** SSH tunnel sections with their secrets filled in, by bundle path. */
  sshTunnels: Map<string, Config>;
}

const VIEWS: Record<AssetKind, string> = { database: 'Database', dataset: 'Dataset', chart: 'Chart', dashboard: 'Dashboard', saved_query: 'SavedQuery' };
const TABLES = { database: 'dbs', dataset: 'tables', chart: 'slices', dashboard: 'dashboards', saved_query: 'saved_query' } as const;
const OWNER_LINKS: Partial<Record<AssetKind, { table: string; fk: string }>> = {
  dataset: { table: 'sqlatable_user', fk: 'dataset_id' },
  chart: { table: 'slice_user', fk: 'slice_id' },
  dashboard: { table: 'dashboard_user', fk: 'dashboard_id' },
};
const REQUIRED: Record<AssetKind, string[]> = {
  database: ['database_name', 'sqlalchemy_uri', 'uuid'],
  dataset: ['table_name', 'uuid', 'database_uuid'],
  chart: ['slice_name', 'viz_type', 'uuid'],
  dashboard: ['dashboard_title', 'uuid'],
  saved_query: ['label', 'sql', 'uuid', 'database_uuid'],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS: AssetKind[] = ['database', 'dataset', 'chart', 'dashboard', 'saved_query'];

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isObject = (value: unknown): value is Config => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Adds to `chosen` the bundle's charts that its chosen deck_multi charts layer (deck_slices naming a
 * chart's params.slice_id), and theirs in turn.
 */
function addLayeredChartFiles(charts: ReadonlyMap<string, Config>, chosen: Set<string>): void {
  const pathByBundleId = new Map<number, string>();
  for (const [path, config] of charts) {
    const id = Number(paramsObject(config.params).slice_id);
    if (Number.isInteger(id)) pathByBundleId.set(id, path);
  }
  let pending = [...chosen];
  while (pending.length) {
    const next: string[] = [];
    for (const path of pending) {
      const config = charts.get(path)!;
      if (config.viz_type !== 'deck_multi') continue;
      for (const id of layeredIdsOf(paramsObject(config.params))) {
        const layer = pathByBundleId.get(id);
        if (layer && !chosen.has(layer)) {
          chosen.add(layer);
          next.push(layer);
        }
      }
    }
    pending = next;
  }
}

function paramsObject(params: unknown): Config {
  if (isObject(params)) return params;
  try {
    const value = typeof params === 'string' ? (JSON.parse(params || '{}') as unknown) : null;
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** Paths of the files an endpoint imports: all of its own kind, then only the dependencies they reach. */
function selectFiles(contents: BundleContents, kind: ImportKind): Record<AssetKind, string[]> {
  const { configs } = contents;
  const all = (k: AssetKind) => [...configs[k].keys()];
  if (kind === 'assets') return { database: all('database'), dataset: all('dataset'), chart: all('chart'), dashboard: all('dashboard'), saved_query: all('saved_query') };
  const chosen: Record<AssetKind, Set<string>> = { database: new Set(), dataset: new Set(), chart: new Set(), dashboard: new Set(), saved_query: new Set() };
  const byUuid = (k: AssetKind, uuids: Iterable<unknown>) => {
    const wanted = new Set<unknown>([...uuids].filter((u) => typeof u === 'string'));
    for (const [path, config] of configs[k]) if (wanted.has(config.uuid)) chosen[k].add(path);
  };
  for (const path of all(kind)) chosen[kind].add(path);
  if (kind === 'dashboard') {
    for (const path of chosen.dashboard) {
      const config = configs.dashboard.get(path)!;
      byUuid('chart', chartUuidsInPosition(config.position));
      byUuid('dataset', datasetUuidsInMetadata(config.metadata));
    }
  }
  // A deck_multi chart's layers are in the bundle by their exporting id (params.slice_id), not in any layout.
  if (kind === 'dashboard') addLayeredChartFiles(configs.chart, chosen.chart);
  if (kind === 'dashboard' || kind === 'chart') byUuid('dataset', [...chosen.chart].map((p) => configs.chart.get(p)!.dataset_uuid));
  if (kind === 'database') {
    const uuids = new Set([...chosen.database].map((p) => configs.database.get(p)!.uuid));
    for (const [path, config] of configs.dataset) if (uuids.has(config.database_uuid)) chosen.dataset.add(path);
  }
  byUuid('database', [...chosen.dataset].map((p) => configs.dataset.get(p)!.database_uuid));
  byUuid('database', [...chosen.saved_query].map((p) => configs.saved_query.get(p)!.database_uuid));
  return Object.fromEntries(KINDS.map((k) => [k, [...chosen[k]]])) as Record<AssetKind, string[]>;
}

async function rowsByUuid(db: AnyDb, kind: AssetKind, uuids: string[]): Promise<Map<string, Row>> {
  const wanted = [...new Set(uuids.filter((u) => UUID.test(u)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom(TABLES[kind]).selectAll().where('uuid', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.uuid as string, row]));
}

async function isOwner(db: AnyDb, kind: AssetKind, row: Row, user: CurrentUser): Promise<boolean> {
  if (user.isAdmin) return true;
  if (kind === 'saved_query') return row.user_id === user.id;
  const link = OWNER_LINKS[kind];
  if (!link || user.id === null) return kind === 'database';
  const found = await db.selectFrom(link.table).select('user_id').where(link.fk, '=', row.id as number).where('user_id', '=', user.id).executeTakeFirst();
  return found !== undefined;
}

function isJsonObjectText(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.trim() === '') return true;
  try {
    return isObject(JSON.parse(value));
  } catch {
    return false;
  }
}

function checkShape(kind: AssetKind, path: string, config: Config, problems: ImportProblems): boolean {
  let ok = true;
  for (const field of REQUIRED[kind]) {
    if (config[field] === undefined || config[field] === null || config[field] === '') {
      if (kind === 'dashboard' && field === 'dashboard_title' && config[field] === '') continue;
      problems.add(path, `${field}: Missing data for required field.`);
      ok = false;
    }
  }
  if (config.uuid !== undefined && (typeof config.uuid !== 'string' || !UUID.test(config.uuid))) {
    problems.add(path, 'uuid: Not a valid UUID.');
    ok = false;
  }
  if (kind === 'dataset') {
    for (const key of ['columns', 'metrics']) {
      const list = config[key];
      if (list !== undefined && list !== null && !Array.isArray(list)) {
        problems.add(path, `${key}: Not a valid list.`);
        ok = false;
      }
    }
    const columns = Array.isArray(config.columns) ? config.columns : [];
    if (columns.some((c) => !isObject(c) || typeof c.column_name !== 'string' || !c.column_name)) {
      problems.add(path, 'columns: every column needs a column_name');
      ok = false;
    }
    const metrics = Array.isArray(config.metrics) ? config.metrics : [];
    if (metrics.some((m) => !isObject(m) || typeof m.metric_name !== 'string' || typeof m.expression !== 'string')) {
      problems.add(path, 'metrics: every metric needs a metric_name and an expression');
      ok = false;
    }
  }
  if (kind === 'chart' && config.params !== undefined && config.params !== null && !isObject(config.params) && !isJsonObjectText(config.params)) {
    problems.add(path, 'params: Not a valid mapping.');
    ok = false;
  }
  if (kind === 'dashboard') {
    for (const key of ['position', 'metadata']) {
      if (config[key] !== undefined && config[key] !== null && !isObject(config[key])) {
        problems.add(path, `${key}: Not a valid mapping.`);
        ok = false;
      }
    }
  }
  return ok;
}

/** The database password rules of the incumbent's ImportV1DatabaseSchema, with spec 1 §5's messages. */
function checkDatabaseSecrets(path: string, config: Config, existing: Row | undefined, options: ImportOptions, plan: ImportPlan, problems: ImportProblems): void {
  let parsed: ReturnType<typeof parseDatabaseUri>;
  try {
    parsed = parseDatabaseUri(String(config.sqlalchemy_uri));
  } catch (error) {
    problems.add(path, `sqlalchemy_uri: ${(error as LumenError).message}`);
    return;
  }
  if (!findEngineSpec(parsed.backend)) problems.add(path, `sqlalchemy_uri: Could not load database driver: ${parsed.backend}`);
  const given = options.passwords[path];
  if (given !== undefined) plan.passwords.set(path, given);
  else if (parsed.password !== PASSWORD_MASK) plan.passwords.set(path, parsed.password);
  else if (existing) plan.passwords.set(path, (existing.password as string | null) ?? null);
  else problems.add(path, PASSWORD_REQUIRED);

  if (!isObject(config.ssh_tunnel)) return;
  const tunnel: Config = { ...config.ssh_tunnel };
  if (options.sshTunnelPasswords[path] !== undefined) tunnel.password = options.sshTunnelPasswords[path];
  if (options.sshTunnelPrivateKeys[path] !== undefined) tunnel.private_key = options.sshTunnelPrivateKeys[path];
  if (options.sshTunnelPrivateKeyPasswords[path] !== undefined) tunnel.private_key_password = options.sshTunnelPrivateKeyPasswords[path];
  const masked = (value: unknown) => value === undefined || value === null || value === PASSWORD_MASK;
  if (tunnel.password !== undefined && tunnel.password !== null) {
    if (tunnel.password === PASSWORD_MASK) problems.add(path, SSH_PASSWORD_REQUIRED);
  } else if (tunnel.private_key !== undefined && tunnel.private_key !== null) {
    if (masked(tunnel.private_key)) problems.add(path, SSH_KEY_REQUIRED);
    if (masked(tunnel.private_key_password)) problems.add(path, SSH_KEY_PASSWORD_REQUIRED);
  }
  plan.sshTunnels.set(path, tunnel);
}

/**
 * Validates a parsed bundle for an import endpoint and returns what to write. Throws the incumbent's 422
 * (per-file messages) when anything is wrong.
 *
 * @example
 * const plan = await planImport(ctx, contents, 'dashboard', user, { overwrite: false, passwords: {}, ... });
 */
export async function planImport(ctx: AppContext, contents: BundleContents, kind: ImportKind, user: CurrentUser, options: ImportOptions): Promise<ImportPlan> {
  const db = ctx.store.db as unknown as AnyDb;
  const problems = new ImportProblems(kind);
  if (kind !== 'assets' && contents.metadata.type && contents.metadata.type !== METADATA_TYPES[kind]) {
    problems.add('metadata.yaml', `type: Must be equal to ${METADATA_TYPES[kind]}. This is a ${contents.metadata.type} bundle; import it where that type is imported.`);
    throw problems.toError();
  }
  const selected = selectFiles(contents, kind);
  if (kind !== 'assets' && selected[kind].length === 0) {
    problems.add('metadata.yaml', `The bundle holds no ${kind.replace('_', ' ')} files to import`);
    throw problems.toError();
  }
  const plan: ImportPlan = {
    items: { database: [], dataset: [], chart: [], dashboard: [], saved_query: [] },
    stored: { database: new Map(), dataset: new Map(), chart: new Map() },
    passwords: new Map(),
    sshTunnels: new Map(),
  };
  const configOf = (k: AssetKind, path: string) => contents.configs[k].get(path)!;
  for (const k of KINDS) {
    // Two files with one uuid describe one object: the later file wins, as in the incumbent's importer
    // (its own example bundle has such pairs).
    const byUuid = new Map<string, string>();
    for (const path of selected[k].sort()) if (checkShape(k, path, configOf(k, path), problems)) byUuid.set(configOf(k, path).uuid as string, path);
    const paths = [...byUuid.values()];
    const existing = await rowsByUuid(db, k, paths.map((p) => configOf(k, p).uuid as string));
    for (const path of paths) {
      const config = configOf(k, path);
      const row = existing.get(config.uuid as string);
      const primary = kind === 'assets' || kind === k;
      const overwrite = kind === 'assets' || options.overwrite;
      if (row && primary && !overwrite) problems.exists(path, k);
      const write = !row || (primary && overwrite);
      if (write && !hasPermission(user, 'can_write', VIEWS[k])) {
        problems.add(path, `${VIEWS[k]} ${row ? 'exists' : "doesn't exist"} and user doesn't have permission to ${row ? 'overwrite' : 'create'} it`);
      } else if (write && row && !(await isOwner(db, k, row, user))) {
        problems.add(path, `A ${k.replace('_', ' ')} already exists and user doesn't have permissions to overwrite it`);
      }
      plan.items[k].push({ path, config, existing: row, write });
    }
  }
  for (const item of plan.items.database) if (item.write) checkDatabaseSecrets(item.path, item.config, item.existing, options, plan, problems);
  for (const item of plan.items.database) {
    const lumenFile = item.write ? lumenFileProblem(ctx.config, String(item.config.sqlalchemy_uri), item.existing?.sqlalchemy_uri as string | undefined) : null;
    if (lumenFile) problems.add(item.path, `sqlalchemy_uri: ${lumenFile}`);
  }
  await checkReferences(db, plan, problems);
  if (!problems.empty) throw problems.toError();
  return plan;
}

/** Every uuid a written object points at must be in the import or already stored. */
async function checkReferences(db: AnyDb, plan: ImportPlan, problems: ImportProblems): Promise<void> {
  const inBundle = (k: AssetKind) => new Set(plan.items[k].map((i) => i.config.uuid as string));
  const refs = { database: new Set<string>(), dataset: new Set<string>(), chart: new Set<string>() };
  const written = (k: AssetKind) => plan.items[k].filter((i) => i.write);
  for (const item of written('dataset')) refs.database.add(String(item.config.database_uuid));
  for (const item of written('saved_query')) refs.database.add(String(item.config.database_uuid));
  for (const item of written('chart')) if (str(item.config.dataset_uuid)) refs.dataset.add(item.config.dataset_uuid as string);
  for (const item of written('dashboard')) {
    for (const uuid of chartUuidsInPosition(item.config.position)) refs.chart.add(uuid);
    for (const uuid of datasetUuidsInMetadata(item.config.metadata)) refs.dataset.add(uuid);
  }
  for (const k of ['database', 'dataset', 'chart'] as const) {
    const bundle = inBundle(k);
    plan.stored[k] = await rowsByUuid(db, k, [...refs[k]].filter((u) => !bundle.has(u)));
  }
  const known = (k: 'database' | 'dataset' | 'chart', uuid: string) => inBundle(k).has(uuid) || plan.stored[k].has(uuid);
  const missing = (path: string, what: string, uuid: string) => problems.add(path, `References ${what} ${uuid}, which is neither in the bundle nor in Lumen`);
  for (const item of written('dataset')) if (!known('database', String(item.config.database_uuid))) missing(item.path, 'database', String(item.config.database_uuid));
  for (const item of written('saved_query')) if (!known('database', String(item.config.database_uuid))) missing(item.path, 'database', String(item.config.database_uuid));
  for (const item of written('chart')) {
    const uuid = str(item.config.dataset_uuid);
    if (uuid && !known('dataset', uuid)) missing(item.path, 'dataset', uuid);
  }
  for (const item of written('dashboard')) {
    for (const uuid of chartUuidsInPosition(item.config.position)) if (!known('chart', uuid)) missing(item.path, 'chart', uuid);
    for (const uuid of datasetUuidsInMetadata(item.config.metadata)) if (!known('dataset', uuid)) missing(item.path, 'dataset', uuid);
  }
  await checkNaturalKeys(db, plan, problems);
}

/** Unique names other than uuid (database name, dataset table per database and schema, dashboard slug). */
async function checkNaturalKeys(db: AnyDb, plan: ImportPlan, problems: ImportProblems): Promise<void> {
  for (const item of plan.items.database.filter((i) => i.write)) {
    const clash = await db.selectFrom('dbs').select('uuid').where('database_name', '=', String(item.config.database_name)).executeTakeFirst();
    if (clash && clash.uuid !== item.config.uuid) problems.add(item.path, `database_name: A database named ${String(item.config.database_name)} already exists`);
  }
  const databaseIds = new Map<string, number>();
  for (const [uuid, row] of plan.stored.database) databaseIds.set(uuid, row.id as number);
  for (const item of plan.items.database) if (item.existing) databaseIds.set(item.config.uuid as string, item.existing.id as number);
  const taken = new Set<string>();
  for (const item of plan.items.dataset.filter((i) => i.write)) {
    const c = item.config;
    const key = `${String(c.database_uuid)}\u0000${str(c.schema) ?? ''}\u0000${String(c.table_name)}`;
    if (taken.has(key)) problems.add(item.path, `table_name: another dataset in the bundle is also ${String(c.table_name)} in the same database and schema`);
    taken.add(key);
    const databaseId = databaseIds.get(String(c.database_uuid));
    if (databaseId === undefined) continue;
    let query = db.selectFrom('tables').select('uuid').where('database_id', '=', databaseId).where('table_name', '=', String(c.table_name));
    query = str(c.schema) === null ? query.where('schema', 'is', null) : query.where('schema', '=', str(c.schema));
    const clash = await query.executeTakeFirst();
    if (clash && clash.uuid !== c.uuid) problems.add(item.path, `table_name: Dataset ${String(c.table_name)} already exists in this database with another uuid`);
  }
  for (const item of plan.items.dashboard.filter((i) => i.write && str(i.config.slug))) {
    const clash = await db.selectFrom('dashboards').select('uuid').where('slug', '=', String(item.config.slug)).executeTakeFirst();
    if (clash && clash.uuid !== item.config.uuid) problems.add(item.path, `slug: A dashboard with the slug ${String(item.config.slug)} already exists`);
  }
}
