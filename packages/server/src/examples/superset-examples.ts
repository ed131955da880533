import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'yaml';
import type { AppContext } from '../context';
import { closeConnection, getDuckDBInstance, releaseDuckDBInstance } from '../engines';
import type { BundleFiles } from '../import-export/bundle-archive';
import { importBundle } from '../import-export/import-bundle';
import { nowIso } from '../metadata/connect';
import type { CurrentUser } from '../security/current-user';
import { loadUser } from '../security/load-user';

/**
 * The incumbent's own example bundle (Apache-2.0, copied under examples/superset/ at the repository root):
 * its CSV data goes into tables of the examples DuckDB file, then the bundle goes through the same importer
 * as POST /api/v1/assets/import/, so its 86 charts and 7 dashboards exist here as they do there. Two
 * markers make a later start a no-op: a table in the DuckDB file (data loaded) and a key_value row in the
 * metadata store (bundle imported). They are separate because either store can be recreated on its own.
 */
export const SUPERSET_EXAMPLES_VERSION = 1;
const DATA_MARKER_TABLE = '_lumen_superset_examples';
const IMPORT_MARKER_RESOURCE = 'lumen_superset_examples';

/** Finds examples/superset/ from the source tree (src/examples) or the built package (dist). */
export function findSupersetBundle(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'examples', 'superset');
    if (existsSync(join(candidate, 'configs', 'metadata.yaml'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The bundle's YAML files keyed by path relative to configs/, as an uploaded ZIP would give them. */
export function readSupersetBundle(bundleDir: string): BundleFiles {
  const configs = join(bundleDir, 'configs');
  const files: BundleFiles = new Map();
  for (const path of walk(configs)) if (/\.ya?ml$/.test(path)) files.set(relative(configs, path).split(sep).join('/'), readFileSync(path, 'utf8'));
  return files;
}

/** A stable uuid derived from a bundle path (the same on every machine and run). */
function derivedUuid(path: string): string {
  const hex = createHash('sha1').update(`lumen-superset-examples:${path}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The bundle has three pairs of chart files sharing a uuid (re-saved copies exported together). An importer
 * keeps one chart per uuid, which would leave 83 of its 86 charts. So each extra copy gets its own derived
 * uuid; the copy the dashboards mean (its params.slice_id is the layout's chartId for that uuid, or its
 * name is the layout's sliceName) keeps the original.
 */
export function separateDuplicateCharts(files: BundleFiles): BundleFiles {
  const layout = new Map<string, { chartId?: number; sliceName?: string }>();
  for (const [path, text] of files) {
    if (!path.startsWith('dashboards/')) continue;
    const position = ((parse(text) as Record<string, unknown>).position ?? {}) as Record<string, { type?: string; meta?: Record<string, unknown> }>;
    for (const node of Object.values(position)) {
      if (node?.type === 'CHART' && typeof node.meta?.uuid === 'string') {
        layout.set(node.meta.uuid, { chartId: node.meta.chartId as number, sliceName: node.meta.sliceName as string });
      }
    }
  }
  const groups = new Map<string, { path: string; sliceId: unknown; name: unknown }[]>();
  for (const [path, text] of files) {
    if (!path.startsWith('charts/')) continue;
    const config = parse(text) as Record<string, unknown>;
    const params = (config.params ?? {}) as Record<string, unknown>;
    const list = groups.get(String(config.uuid)) ?? [];
    list.push({ path, sliceId: params.slice_id, name: config.slice_name });
    groups.set(String(config.uuid), list);
  }
  const out = new Map(files);
  for (const [uuid, copies] of groups) {
    if (copies.length < 2) continue;
    const meant = layout.get(uuid);
    const sorted = [...copies].sort((a, b) => a.path.localeCompare(b.path));
    const keeper =
      sorted.find((c) => meant?.chartId !== undefined && c.sliceId === meant.chartId) ?? sorted.find((c) => meant?.sliceName !== undefined && c.name === meant.sliceName) ?? sorted[0]!;
    for (const copy of sorted) {
      if (copy === keeper) continue;
      out.set(copy.path, files.get(copy.path)!.replace(new RegExp(`^uuid: ${uuid}$`, 'm'), `uuid: ${derivedUuid(copy.path)}`));
    }
  }
  return out;
}

/** DuckDB types for the type names the bundle's datasets use (PostgreSQL and BigQuery spellings). */
function duckdbType(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const type = name.toUpperCase();
  if (type.startsWith('TIMESTAMP WITH TIME ZONE')) return 'TIMESTAMPTZ';
  if (type.startsWith('TIMESTAMP') || type === 'DATETIME') return 'TIMESTAMP';
  if (type === 'DATE') return 'DATE';
  if (/^(DOUBLE|FLOAT|REAL|NUMERIC|DECIMAL)/.test(type)) return 'DOUBLE';
  if (/^(BIGINT|INT|INTEGER|SMALLINT)/.test(type)) return 'BIGINT';
  if (/^BOOL/.test(type)) return 'BOOLEAN';
  if (/^(VARCHAR|TEXT|STRING|CHAR)/.test(type)) return 'VARCHAR';
  return null;
}

const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface DataTable {
  schema: string;
  table: string;
  csv: string;
  types: Map<string, string>;
}

function dataTables(bundleDir: string, files: BundleFiles): DataTable[] {
  const out: DataTable[] = [];
  for (const [path, text] of files) {
    if (!path.startsWith('datasets/')) continue;
    const config = parse(text) as Record<string, unknown>;
    if (typeof config.data !== 'string' || !config.data.startsWith('examples://')) continue;
    const csv = resolve(bundleDir, 'data', config.data.slice('examples://'.length));
    // The data path comes from a file in the repository, but stay inside data/ all the same.
    if (!csv.startsWith(resolve(bundleDir, 'data') + sep) || !existsSync(csv)) throw new Error(`Example data ${config.data} not found under ${bundleDir}/data`);
    const types = new Map<string, string>();
    for (const column of (config.columns ?? []) as Record<string, unknown>[]) {
      const type = duckdbType(column.type);
      if (type && !column.expression && typeof column.column_name === 'string') types.set(column.column_name, type);
    }
    out.push({ schema: typeof config.schema === 'string' && config.schema ? config.schema : 'main', table: String(config.table_name), csv, types });
  }
  return out;
}

async function readDataMarker(path: string): Promise<number | null> {
  try {
    const instance = await getDuckDBInstance(path, { readOnly: true });
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(`SELECT version FROM ${DATA_MARKER_TABLE} LIMIT 1`);
      const row = reader.getRowsJS()[0];
      return row ? Number(row[0]) : null;
    } finally {
      connection.closeSync();
    }
  } catch {
    return null;
  }
}

/**
 * Loads every CSV into its table. The CSV sniffer reads many of these columns as text (blanks, 'N/A'), so
 * columns the dataset declares with a type are TRY_CAST to it: charts then aggregate numbers and bucket
 * timestamps as the incumbent does, and unparseable cells become NULL rather than failing the load.
 */
async function loadData(ctx: AppContext, path: string, databaseId: number, tables: DataTable[]): Promise<void> {
  await closeConnection(databaseId);
  await releaseDuckDBInstance(path);
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    for (const table of tables) {
      if (ctx.closing) throw new Error('Server is stopping: example loading cancelled');
      const started = Date.now();
      const source = `read_csv_auto(${literal(table.csv)}, header = true)`;
      const described = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`);
      const columns = described.getRowsJS().map((row) => ({ name: String(row[0]), type: String(row[1]) }));
      const select = columns
        .map(({ name, type }) => {
          const wanted = table.types.get(name);
          return wanted && wanted !== type ? `TRY_CAST(${q(name)} AS ${wanted}) AS ${q(name)}` : q(name);
        })
        .join(', ');
      if (table.schema !== 'main') await connection.run(`CREATE SCHEMA IF NOT EXISTS ${q(table.schema)}`);
      await connection.run(`CREATE OR REPLACE TABLE ${q(table.schema)}.${q(table.table)} AS SELECT ${select} FROM ${source}`);
      ctx.logger.debug({ table: table.table, ms: Date.now() - started }, 'superset example table loaded');
    }
    await connection.run(`CREATE OR REPLACE TABLE ${DATA_MARKER_TABLE} AS SELECT ${SUPERSET_EXAMPLES_VERSION} AS version, now() AS loaded_at`);
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The admin who owns the examples: the configured admin account, else any Admin, else a system actor. */
export async function examplesOwner(ctx: AppContext): Promise<CurrentUser> {
  const db = ctx.store.db;
  const configured = await db.selectFrom('ab_user').select('id').where('username', '=', ctx.config.adminUsername).executeTakeFirst();
  const anyAdmin =
    configured ??
    (await db
      .selectFrom('ab_user as u')
      .innerJoin('ab_user_role as ur', 'ur.user_id', 'u.id')
      .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('r.name', '=', 'Admin')
      .orderBy('u.id')
      .executeTakeFirst());
  const user = anyAdmin ? await loadUser(ctx, anyAdmin.id) : null;
  return user ?? { id: null, username: 'system', first_name: 'System', last_name: '', email: '', roles: ['Admin'], permissions: new Set(), isAdmin: true };
}

async function importedVersion(ctx: AppContext): Promise<number | null> {
  const row = await ctx.store.db.selectFrom('key_value').select('value').where('resource', '=', IMPORT_MARKER_RESOURCE).executeTakeFirst();
  return row ? Number(JSON.parse(row.value).version) : null;
}

async function recordImport(ctx: AppContext): Promise<void> {
  const db = ctx.store.db;
  const value = JSON.stringify({ version: SUPERSET_EXAMPLES_VERSION });
  const now = nowIso();
  const updated = await db.updateTable('key_value').set({ value, changed_on: now }).where('resource', '=', IMPORT_MARKER_RESOURCE).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('key_value').values({ uuid: randomUUID(), resource: IMPORT_MARKER_RESOURCE, value, created_on: now, created_by_fk: null, changed_on: now, changed_by_fk: null, expires_on: null }).execute();
  }
}

/**
 * Loads the incumbent's examples into the examples DuckDB file (`path`, database `databaseId`) and imports
 * their datasets, charts and dashboards. Idempotent; a few milliseconds when both markers are current.
 *
 * @example
 * await loadSupersetExamples(ctx, { path: examplesPath(ctx), databaseId });
 */
export async function loadSupersetExamples(
  ctx: AppContext,
  options: { path: string; databaseId: number; force?: boolean; bundleDir?: string | null },
): Promise<{ loadedData: boolean; imported: boolean; seconds: number }> {
  const started = Date.now();
  const bundleDir = options.bundleDir === undefined ? findSupersetBundle() : options.bundleDir;
  if (!bundleDir) {
    ctx.logger.warn('examples/superset not found: the Superset example dashboards are skipped');
    return { loadedData: false, imported: false, seconds: 0 };
  }
  const dataCurrent = !options.force && (await readDataMarker(options.path)) === SUPERSET_EXAMPLES_VERSION;
  const importCurrent = !options.force && (await importedVersion(ctx)) === SUPERSET_EXAMPLES_VERSION;
  if (dataCurrent && importCurrent) return { loadedData: false, imported: false, seconds: (Date.now() - started) / 1000 };
  const files = separateDuplicateCharts(readSupersetBundle(bundleDir));
  if (!dataCurrent) await loadData(ctx, options.path, options.databaseId, dataTables(bundleDir, files));
  if (!importCurrent) {
    const result = await importBundle(ctx, await examplesOwner(ctx), files, false, 'assets', { overwrite: true });
    await recordImport(ctx);
    ctx.logger.info({ counts: result.counts }, 'superset examples imported');
  }
  const seconds = (Date.now() - started) / 1000;
  ctx.logger.info({ seconds, loadedData: !dataCurrent, imported: !importCurrent }, 'superset examples ready');
  return { loadedData: !dataCurrent, imported: !importCurrent, seconds };
}
