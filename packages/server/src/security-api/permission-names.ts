import { sql } from 'kysely';
import type { AnyDb } from '../resources/definition';
import { syncDataPermissions } from './data-permissions';

/**
 * Permission pairs are stored by name (ab_permission_view.permission / .view_menu), which is what every
 * check reads. The incumbent's API also addresses permission names and view names by id
 * (/security/permissions/, /security/resources/, POST permissions-resources {permission_id, view_menu_id}),
 * so ab_permission and ab_view_menu give each name a stable id. Pairs are added by seeding and by other
 * code without knowing these tables, so the security API registers any new name before it reads them.
 */
export async function syncPermissionNames(db: AnyDb): Promise<void> {
  await registerNames(db, 'ab_permission', 'permission');
  await registerNames(db, 'ab_view_menu', 'view_menu');
}

/** The data-access pairs of every database, schema and dataset, then their names (what the security API lists). */
export async function syncPermissionCatalog(db: AnyDb): Promise<void> {
  await syncDataPermissions(db);
  await syncPermissionNames(db);
}

async function registerNames(db: AnyDb, table: 'ab_permission' | 'ab_view_menu', column: 'permission' | 'view_menu'): Promise<void> {
  // ON CONFLICT: two requests registering the same new name at once must not fail on the unique name.
  await db
    .insertInto(table)
    .columns(['name'])
    .expression((eb) =>
      eb
        .selectFrom('ab_permission_view as pv')
        .select(`pv.${column}`)
        .distinct()
        .where((w) => w.not(w.exists(w.selectFrom(`${table} as n`).select(sql.lit(1).as('one')).whereRef('n.name', '=', `pv.${column}`)))),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
