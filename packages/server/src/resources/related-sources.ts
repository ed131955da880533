import { sql } from 'kysely';
import { dataAccessOf } from '../security/data-access';
import { chartAccessCondition, databaseAccessCondition, datasetAccessCondition } from '../security/data-access-sql';
import type { Condition, Eb, RelatedSource, TableName } from './definition';
import { dashboardVisibleTo } from './visible-dashboards';

/** No restriction, for sources whose data-access condition hides nothing. */
const ALL = sql<boolean>`1 = 1`;

/** Candidate rows for `related/{column}` endpoints, shared by the definitions. */
export const usersSource = (where?: (eb: Eb) => Condition): RelatedSource => ({
  table: 'ab_user',
  text: () => sql`r.first_name || ' ' || r.last_name`,
  search: ['r.first_name', 'r.last_name', 'r.username', 'r.email'],
  order: 'r.first_name',
  extra: (row) => ({ active: row.active === 1 || row.active === true, email: row.email }),
  where,
});

/** Users that appear in `column` of some row of `table` (created_by / changed_by pickers). */
export const usersReferencedBy = (table: TableName, column: string): RelatedSource =>
  usersSource((eb) => eb.exists(eb.selectFrom(`${table} as x`).select(sql.lit(1).as('one')).whereRef(`x.${column}`, '=', 'r.id')));

export const dashboardsSource: RelatedSource = {
  table: 'dashboards',
  text: () => sql.ref('r.dashboard_title'),
  search: ['r.dashboard_title', 'r.slug'],
  order: 'r.dashboard_title',
  // Pickers name only dashboards the caller may open.
  where: (eb, scope) => dashboardVisibleTo(eb, scope, 'r.id'),
};

export const chartsSource: RelatedSource = {
  table: 'slices',
  text: () => sql.ref('r.slice_name'),
  search: ['r.slice_name'],
  order: 'r.slice_name',
  // Only charts whose data the caller may query (security/data-access.ts).
  where: (eb, scope) => chartAccessCondition(eb, dataAccessOf(scope.user), 'r') ?? ALL,
};

export const databasesSource: RelatedSource = {
  table: 'dbs',
  text: () => sql.ref('r.database_name'),
  search: ['r.database_name'],
  order: 'r.database_name',
  extra: (row) => ({ backend: row.backend }),
  // Only databases in which the caller may reach something (a database, schema or dataset grant).
  where: (eb, scope) => databaseAccessCondition(eb, dataAccessOf(scope.user), 'r.id', 'r.database_name') ?? ALL,
};

export const tagsSource: RelatedSource = {
  table: 'tag',
  text: () => sql.ref('r.name'),
  search: ['r.name'],
  order: 'r.name',
  where: (eb) => eb('r.type', '=', 'custom'),
};

export const rolesSource: RelatedSource = {
  table: 'ab_role',
  text: () => sql.ref('r.name'),
  search: ['r.name'],
  order: 'r.name',
};

export const datasetsSource: RelatedSource = {
  table: 'tables',
  text: () => sql.ref('r.table_name'),
  search: ['r.table_name'],
  order: 'r.table_name',
  // Only datasets the caller may query.
  where: (eb, scope) => datasetAccessCondition(eb, dataAccessOf(scope.user), { id: 'r.id', databaseId: 'r.database_id', schema: 'r.schema' }) ?? ALL,
};
