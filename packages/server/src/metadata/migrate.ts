import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { MetadataStore } from './connect';
import { initialMigration } from './migrations/0001-initial';
import { hashedSessionIdsMigration } from './migrations/0002-hashed-session-ids';
import { encryptedDatabaseSecretsMigration } from './migrations/0003-encrypted-database-secrets';
import { securityApiMigration } from './migrations/0004-security-api';
import { ssoIdentitiesMigration } from './migrations/0005-sso-identities';
import { userPreferencesMigration } from './migrations/0006-user-preferences';
import { listIndexesMigration } from './migrations/0007-list-indexes';
import { queryListIndexesMigration } from './migrations/0008-query-list-indexes';
import { listVersionMigration } from './migrations/0009-list-version';
import { userLocaleMigration } from './migrations/0010-user-locale';
import { annotationLayersMigration } from './migrations/0011-annotation-layers';

/** What data migrations need beyond the store: the secret key, to encrypt stored secrets. */
export interface MigrateOptions {
  secretKey?: string;
  previousSecretKey?: string | null;
}

/** Migrations are code, named in order; each runs in its own transaction where the dialect allows. */
export function metadataMigrations(store: MetadataStore, options: MigrateOptions): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(store.dialect),
    '0002-hashed-session-ids': hashedSessionIdsMigration,
    '0003-encrypted-database-secrets': encryptedDatabaseSecretsMigration(options),
    '0004-security-api': securityApiMigration(store.dialect),
    '0005-sso-identities': ssoIdentitiesMigration,
    '0006-user-preferences': userPreferencesMigration,
    '0007-list-indexes': listIndexesMigration,
    '0008-query-list-indexes': queryListIndexesMigration,
    '0009-list-version': listVersionMigration(store.dialect),
    '0010-user-locale': userLocaleMigration,
    '0011-annotation-layers': annotationLayersMigration(store.dialect),
  };
}

function provider(store: MetadataStore, options: MigrateOptions): MigrationProvider {
  return { getMigrations: async () => metadataMigrations(store, options) };
}

/** Brings the metadata schema up to date. Throws with the failing migration's name and cause. */
export async function migrateToLatest(store: MetadataStore, options: MigrateOptions = {}): Promise<string[]> {
  const migrator = new Migrator({ db: store.db, provider: provider(store, options), migrationTableName: 'lumen_migration', migrationLockTableName: 'lumen_migration_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
