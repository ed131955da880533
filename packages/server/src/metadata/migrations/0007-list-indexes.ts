import type { Kysely } from 'kysely';

/**
 * Indexes for the list endpoints (issue 18): every column a resource list may be ordered or filtered by
 * (the definitions' orderColumns and filters in resources/definitions), and the reverse side of the link
 * tables that owner, dashboard, role and tag filters and the page's relation loaders look up.
 *
 * An order column is indexed with `id` after it, because every list orders by (column, id): PostgreSQL can
 * then walk the index for the whole ORDER BY ... LIMIT (SQLite appends the rowid by itself). Free-text
 * columns (description, sql, params, extra) are searched with `lower(x) like '%...%'`, which no b-tree serves,
 * and PostgreSQL refuses b-tree entries over about 2.7 KB, so they stay unindexed.
 * resources/list-indexes.test.ts checks this list against the definitions.
 */
export const LIST_INDEXES: Record<string, string[][]> = {
  slices: [
    ['changed_on', 'id'], ['created_on', 'id'], ['slice_name', 'id'], ['viz_type', 'id'], ['datasource_id', 'datasource_type'],
    ['datasource_type'], ['last_saved_at', 'id'], ['last_saved_by_fk'], ['certified_by'], ['cache_timeout'], ['created_by_fk'], ['changed_by_fk'],
  ],
  slice_user: [['user_id', 'slice_id']],
  dashboard_slices: [['slice_id', 'dashboard_id']],
  dashboards: [
    ['changed_on', 'id'], ['created_on', 'id'], ['dashboard_title', 'id'], ['published', 'id'], ['certified_by'], ['created_by_fk'], ['changed_by_fk'],
  ],
  dashboard_user: [['user_id', 'dashboard_id']],
  dashboard_roles: [['role_id', 'dashboard_id']],
  tables: [['changed_on', 'id'], ['table_name', 'id'], ['schema', 'id'], ['catalog', 'id'], ['created_by_fk'], ['changed_by_fk']],
  sqlatable_user: [['user_id', 'dataset_id']],
  dbs: [
    ['changed_on', 'id'], ['backend', 'id'], ['expose_in_sqllab'], ['allow_run_async'], ['allow_dml'], ['allow_ctas'], ['allow_cvas'],
    ['allow_file_upload'], ['allow_multi_catalog'], ['disable_data_preview'], ['impersonate_user'], ['created_by_fk'], ['changed_by_fk'],
  ],
  saved_query: [
    ['changed_on', 'id'], ['created_on', 'id'], ['label', 'id'], ['schema', 'id'], ['catalog'], ['rows', 'id'], ['last_run', 'id'], ['db_id'],
    ['user_id', 'changed_on'], ['created_by_fk'], ['changed_by_fk'],
  ],
  report_schedule: [
    ['changed_on', 'id'], ['created_on', 'id'], ['type', 'id'], ['active', 'id'], ['crontab', 'id'], ['last_state', 'id'], ['last_eval_dttm', 'id'],
    ['creation_method'], ['report_format'], ['chart_id'], ['dashboard_id'], ['created_by_fk'], ['changed_by_fk'],
  ],
  report_schedule_user: [['user_id', 'report_schedule_id']],
  report_recipient: [['report_schedule_id']],
  tag: [['changed_on', 'id'], ['created_on', 'id'], ['type', 'name'], ['created_by_fk'], ['changed_by_fk']],
  tagged_object: [['object_type', 'object_id']],
};

export const indexName = (table: string, columns: string[]) => `ix_${table}_${columns.join('_')}`;

export const listIndexesMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    for (const [table, indexes] of Object.entries(LIST_INDEXES)) {
      for (const columns of indexes) await db.schema.createIndex(indexName(table, columns)).on(table).columns(columns).execute();
    }
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    for (const [table, indexes] of Object.entries(LIST_INDEXES)) {
      for (const columns of indexes) await db.schema.dropIndex(indexName(table, columns)).ifExists().execute();
    }
  },
};
