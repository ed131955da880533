import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { MetadataStore } from './connect';
import { initialMigration } from './migrations/0001-initial';

/** Migrations are code, named in order; each runs in its own transaction where the dialect allows. */
function provider(store: MetadataStore): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { '0001-initial': initialMigration(store.dialect) };
    },
  };
}

/** Brings the metadata schema up to date. Throws with the failing migration's name and cause. */
export async function migrateToLatest(store: MetadataStore): Promise<string[]> {
  const migrator = new Migrator({ db: store.db, provider: provider(store), migrationTableName: 'lumen_migration', migrationLockTableName: 'lumen_migration_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
