import { sql } from 'kysely';
import type { AnyDb, Condition, Eb } from '../resources/definition';
import type { DataAccess } from './data-access';

/**
 * The data-access rules of data-access.ts as WHERE conditions, so lists, pickers, exports and GET-one
 * answer only rows the user may reach (the resource layer's `visibility`). Each returns null when nothing
 * is hidden. Column references are passed in because each caller aliases its tables differently.
 */
const NOTHING = sql<boolean>`1 = 0`;
const DATASET_TYPES = ['table', 'dataset'];

export interface DatasetRefs {
  id: string;
  databaseId: string;
  schema: string;
}

/** Rows of `tables` (datasets) the user may query. */
export function datasetAccessCondition(eb: Eb, access: DataAccess, refs: DatasetRefs): Condition | null {
  if (access.allDatasets) return null;
  const grants: Condition[] = [];
  if (access.datasetIds.size) grants.push(eb(refs.id, 'in', [...access.datasetIds]));
  if (access.databaseIds.size) grants.push(eb(refs.databaseId, 'in', [...access.databaseIds]));
  if (access.schemas.length) {
    const inGrantedSchema = eb.exists(
      eb
        .selectFrom('dbs as access_db')
        .select(sql.lit(1).as('one'))
        .whereRef('access_db.id', '=', refs.databaseId)
        .where((inner) => inner.or(access.schemas.map((grant) => inner.and([inner('access_db.database_name', '=', grant.database), inner(refs.schema, '=', grant.schema)])))),
    );
    grants.push(inGrantedSchema);
  }
  return grants.length ? eb.or(grants) : NOTHING;
}

/** Rows of `dbs` in which the user may reach anything: the whole database, a schema or one dataset. */
export function databaseAccessCondition(eb: Eb, access: DataAccess, idRef: string, nameRef: string): Condition | null {
  if (access.allDatasets) return null;
  const grants: Condition[] = [];
  if (access.databaseIds.size) grants.push(eb(idRef, 'in', [...access.databaseIds]));
  if (access.schemas.length) grants.push(eb(nameRef, 'in', [...new Set(access.schemas.map((grant) => grant.database))]));
  if (access.datasetIds.size) {
    grants.push(
      eb.exists(
        eb
          .selectFrom('tables as access_ds')
          .select(sql.lit(1).as('one'))
          .whereRef('access_ds.database_id', '=', idRef)
          .where('access_ds.id', 'in', [...access.datasetIds]),
      ),
    );
  }
  return grants.length ? eb.or(grants) : NOTHING;
}

/** Charts (rows of `slices` under `chartAlias`) whose dataset the user may query. */
export function chartAccessCondition(eb: Eb, access: DataAccess, chartAlias: string): Condition | null {
  if (access.allDatasets) return null;
  return eb.exists(
    eb
      .selectFrom('tables as chart_ds')
      .select(sql.lit(1).as('one'))
      .whereRef('chart_ds.id', '=', `${chartAlias}.datasource_id`)
      // Only dataset-backed charts name a row of `tables`; a 'query' datasource id is another table's id.
      .where(`${chartAlias}.datasource_type`, 'in', DATASET_TYPES)
      .where((inner) => datasetAccessCondition(inner, access, { id: 'chart_ds.id', databaseId: 'chart_ds.database_id', schema: 'chart_ds.schema' }) ?? sql<boolean>`1 = 1`),
  );
}

/** Dashboards (by id reference) holding at least one chart the user may query. */
export function dashboardHasAccessibleChart(eb: Eb, access: DataAccess, dashboardIdRef: string): Condition | null {
  if (access.allDatasets) return null;
  return eb.exists(
    eb
      .selectFrom('dashboard_slices as access_link')
      .innerJoin('slices as access_chart', 'access_chart.id', 'access_link.slice_id')
      .select(sql.lit(1).as('one'))
      .whereRef('access_link.dashboard_id', '=', dashboardIdRef)
      .where((inner) => chartAccessCondition(inner, access, 'access_chart') ?? sql<boolean>`1 = 1`),
  );
}

/** Whether any grant of the user reaches into the database (the whole of it, a schema or a dataset of it). */
export async function databaseReachable(db: AnyDb, access: DataAccess, databaseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dbs as t')
    .select('t.id')
    .where('t.id', '=', databaseId)
    .where((eb) => databaseAccessCondition(eb, access, 't.id', 't.database_name') ?? sql<boolean>`1 = 1`)
    .executeTakeFirst();
  return row !== undefined;
}
