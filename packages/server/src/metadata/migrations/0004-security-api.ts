import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../connect';
import { syncPermissionNames } from '../../security-api/permission-names';

/**
 * What the users/roles/permissions API needs beyond 0001 (security-api/):
 * - ab_permission and ab_view_menu: ids for permission names and view names, which the incumbent's API
 *   addresses by id. Pairs keep their names (every check reads those); these tables are a registry of them.
 * - ab_user.created_by_fk / changed_by_fk: who created and last changed an account, as the incumbent shows.
 */
export function securityApiMigration(dialect: MetadataDialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      for (const table of ['ab_permission', 'ab_view_menu']) {
        await db.schema
          .createTable(table)
          .addColumn('id', dialect === 'postgresql' ? 'serial' : 'integer', (c) => (dialect === 'postgresql' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .execute();
      }
      await syncPermissionNames(db);
      for (const column of ['created_by_fk', 'changed_by_fk']) {
        await db.schema
          .alterTable('ab_user')
          .addColumn(column, 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
          .execute();
      }
    },
  };
}
