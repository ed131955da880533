import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import { toBool } from '../metadata/connect';
import type { TableSchemaTable, TabStateTable } from '../metadata/schema';
import { loadQueryByClientId, toQueryDicts } from './query-record';

/** API shapes of persisted SQL Lab tabs and table schemas (the incumbent's TabState/TableSchema.to_dict). */
export type TabStateRow = Selectable<TabStateTable>;
export type TableSchemaRow = Selectable<TableSchemaTable>;

const parseJsonOr = (text: string | null, fallback: unknown): unknown => {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

export function tableSchemaDict(row: TableSchemaRow): Record<string, unknown> {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    description: parseJsonOr(row.description, null),
    expanded: toBool(row.expanded),
  };
}

export async function tabStateDict(ctx: AppContext, row: TabStateRow): Promise<Record<string, unknown>> {
  const [tables, latest, saved] = await Promise.all([
    ctx.store.db.selectFrom('table_schema').selectAll().where('tab_state_id', '=', row.id).orderBy('id').execute(),
    row.latest_query_id ? loadQueryByClientId(ctx, row.latest_query_id) : undefined,
    row.saved_query_id
      ? ctx.store.db.selectFrom('saved_query').select(['id', 'label', 'description', 'db_id', 'schema', 'catalog', 'sql', 'template_parameters']).where('id', '=', row.saved_query_id).executeTakeFirst()
      : undefined,
  ]);
  // Another user's query is never shown, even if its client id was written into this tab.
  const latestQuery = latest && latest.user_id === row.user_id ? (await toQueryDicts(ctx, [latest]))[0] : null;
  return {
    id: row.id,
    user_id: row.user_id,
    label: row.label,
    active: toBool(row.active),
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table_schemas: tables.map(tableSchemaDict),
    sql: row.sql,
    query_limit: row.query_limit,
    latest_query: latestQuery,
    autorun: toBool(row.autorun),
    template_params: row.template_params,
    hide_left_bar: toBool(row.hide_left_bar),
    saved_query: saved ?? null,
    extra_json: parseJsonOr(row.extra_json, {}),
  };
}
