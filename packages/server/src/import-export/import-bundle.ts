import type { AppContext } from '../context';
import { closeConnection } from '../engines';
import { unprocessable } from '../errors';
import type { AnyDb } from '../resources/definition';
import { isUniqueViolation } from '../resources/writes';
import type { CurrentUser } from '../security/current-user';
import type { BundleFiles } from './bundle-archive';
import { type BundleContents, parseBundle } from './bundle-contents';
import { type ImportIds, writePlan } from './import-writers';
import { type ImportKind, type ImportOptions, planImport } from './import-plan';

/**
 * One import command for every entry point (the five /import/ endpoints, /assets/import/ and the examples
 * loader): parse, validate everything, then write everything in one transaction.
 */
export const DEFAULT_IMPORT_OPTIONS: ImportOptions = {
  overwrite: false,
  passwords: {},
  sshTunnelPasswords: {},
  sshTunnelPrivateKeys: {},
  sshTunnelPrivateKeyPasswords: {},
};

export interface ImportResult {
  ids: ImportIds;
  counts: Record<'database' | 'dataset' | 'chart' | 'dashboard' | 'saved_query', number>;
}

/**
 * Imports trusted bundle files (the examples) as `kind`, parsing them here. Uploads are parsed in the
 * parse worker instead and go through importContents.
 *
 * @example
 * await importBundle(ctx, user, files, false, 'dashboard', { ...DEFAULT_IMPORT_OPTIONS, overwrite: true });
 */
export function importBundle(
  ctx: AppContext,
  user: CurrentUser,
  files: BundleFiles,
  single: boolean,
  kind: ImportKind,
  options: Partial<ImportOptions> = {},
): Promise<ImportResult> {
  return importContents(ctx, user, parseBundle(files, single), kind, options);
}

/**
 * Imports parsed bundle contents as `kind`. Throws 422 (incumbent shape) for validation problems; on any
 * error nothing is written.
 */
export async function importContents(
  ctx: AppContext,
  user: CurrentUser,
  contents: BundleContents,
  kind: ImportKind,
  options: Partial<ImportOptions> = {},
): Promise<ImportResult> {
  const plan = await planImport(ctx, contents, kind, user, { ...DEFAULT_IMPORT_OPTIONS, ...options });
  const db = ctx.store.db as unknown as AnyDb;
  let written: Awaited<ReturnType<typeof writePlan>>;
  try {
    written = await db.transaction().execute((trx) => writePlan(trx, plan, user, ctx.config));
  } catch (error) {
    // Validation reads outside the transaction; a concurrent writer can still take a name first.
    if (isUniqueViolation(error)) {
      ctx.logger.warn({ err: error }, 'import hit a unique constraint');
      throw unprocessable(`Error importing ${kind.replace('_', ' ')}: an object with the same name or uuid already exists (${(error as Error).message})`);
    }
    throw error;
  }
  for (const id of written.changedDatabases) await closeConnection(id);
  const counts = {
    database: plan.items.database.filter((i) => i.write).length,
    dataset: plan.items.dataset.filter((i) => i.write).length,
    chart: plan.items.chart.filter((i) => i.write).length,
    dashboard: plan.items.dashboard.filter((i) => i.write).length,
    saved_query: plan.items.saved_query.filter((i) => i.write).length,
  };
  return { ids: written.ids, counts };
}
