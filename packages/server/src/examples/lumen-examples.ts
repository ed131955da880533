import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { AppContext } from '../context';
import type { BundleFiles } from '../import-export/bundle-archive';
import { importBundle } from '../import-export/import-bundle';
import { nowIso } from '../metadata/connect';
import { examplesOwner } from './superset-examples';

/**
 * Lumen's own example bundle (examples/lumen/, written by scripts/generate-lumen-examples.mjs): a saved
 * chart of every viz type over the generated birth_names, sales, events, project_tasks and org_chart tables and the dashboards
 * 'Lumen Showcase' and 'Lumen 30 charts'. It goes through the same importer as the incumbent's bundle
 * (loadSupersetExamples), owned by the admin. A key_value marker holding the version and a hash of the
 * files makes a later start a no-op, and re-imports when the bundle was regenerated.
 */
export const LUMEN_EXAMPLES_VERSION = 1;
const IMPORT_MARKER_RESOURCE = 'lumen_examples';

/** Finds examples/lumen/ from the source tree (src/examples) or the built package (dist). */
export function findLumenBundle(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'examples', 'lumen');
    if (existsSync(join(candidate, 'metadata.yaml'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

/** The bundle's YAML files keyed by path relative to the bundle directory, as an uploaded ZIP gives them. */
export function readLumenBundle(bundleDir: string): BundleFiles {
  const files: BundleFiles = new Map();
  for (const path of walk(bundleDir)) if (/\.ya?ml$/.test(path)) files.set(relative(bundleDir, path).split(sep).join('/'), readFileSync(path, 'utf8'));
  return files;
}

const bundleHash = (files: BundleFiles): string =>
  createHash('sha256')
    .update([...files].map(([path, text]) => `${path}\u0000${text}`).join('\u0001'))
    .digest('hex');

async function importedMarker(ctx: AppContext): Promise<{ version: number; hash: string } | null> {
  const row = await ctx.store.db.selectFrom('key_value').select('value').where('resource', '=', IMPORT_MARKER_RESOURCE).executeTakeFirst();
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as { version?: unknown; hash?: unknown };
    return { version: Number(value.version), hash: String(value.hash) };
  } catch {
    return null;
  }
}

async function recordImport(ctx: AppContext, hash: string): Promise<void> {
  const db = ctx.store.db;
  const value = JSON.stringify({ version: LUMEN_EXAMPLES_VERSION, hash });
  const now = nowIso();
  const updated = await db.updateTable('key_value').set({ value, changed_on: now }).where('resource', '=', IMPORT_MARKER_RESOURCE).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('key_value').values({ uuid: randomUUID(), resource: IMPORT_MARKER_RESOURCE, value, created_on: now, created_by_fk: null, changed_on: now, changed_by_fk: null, expires_on: null }).execute();
  }
}

/**
 * The bundle's dataset files describe the datasets ensureExamples registers (same uuids). Those already
 * stored are left out of the import, so their columns and metrics stay as registered (an overwrite would
 * replace them and renumber their columns); the charts then reference them by uuid.
 */
async function withoutStoredDatasets(ctx: AppContext, files: BundleFiles): Promise<BundleFiles> {
  const out: BundleFiles = new Map(files);
  for (const [path, text] of files) {
    if (!path.startsWith('datasets/')) continue;
    const uuid = (parse(text) as { uuid?: unknown }).uuid;
    if (typeof uuid !== 'string') continue;
    const stored = await ctx.store.db.selectFrom('tables').select('id').where('uuid', '=', uuid).executeTakeFirst();
    if (stored) out.delete(path);
  }
  return out;
}

/**
 * Imports examples/lumen/ (after the example datasets are registered). Idempotent; a few milliseconds
 * when the marker matches the bundle.
 *
 * @example
 * await loadLumenExamples(ctx);
 */
export async function loadLumenExamples(ctx: AppContext, options: { force?: boolean; bundleDir?: string | null } = {}): Promise<{ imported: boolean; seconds: number }> {
  const started = Date.now();
  const bundleDir = options.bundleDir === undefined ? findLumenBundle() : options.bundleDir;
  if (!bundleDir) {
    ctx.logger.warn('examples/lumen not found: the Lumen example charts and dashboards are skipped');
    return { imported: false, seconds: 0 };
  }
  const files = readLumenBundle(bundleDir);
  const hash = bundleHash(files);
  const marker = options.force ? null : await importedMarker(ctx);
  if (marker && marker.version === LUMEN_EXAMPLES_VERSION && marker.hash === hash) return { imported: false, seconds: (Date.now() - started) / 1000 };
  const result = await importBundle(ctx, await examplesOwner(ctx), await withoutStoredDatasets(ctx, files), false, 'assets', { overwrite: true });
  await recordImport(ctx, hash);
  const seconds = (Date.now() - started) / 1000;
  ctx.logger.info({ counts: result.counts, seconds }, 'lumen examples imported');
  return { imported: true, seconds };
}
