import type { Kysely } from 'kysely';
import { indexName } from './0007-list-indexes';

/**
 * Indexes for the SQL Lab query history list (GET /api/v1/query/, sqllab/query-routes.ts): the `query` table
 * grows with every run, and admins list everyone's by any order column, so each sortable column leads an
 * index with `id` after it (the list orders by column, then id). `sql` is searched with `like '%...%'` and
 * may exceed PostgreSQL's b-tree entry size, so it stays unindexed; users' own history already has
 * (user_id, changed_on) from 0001.
 */
export const QUERY_LIST_INDEXES: string[][] = [
  ['changed_on', 'id'], ['start_time', 'id'], ['end_time', 'id'], ['rows', 'id'], ['schema', 'id'], ['status', 'id'], ['tab_name', 'id'], ['database_id'],
];

export const queryListIndexesMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    for (const columns of QUERY_LIST_INDEXES) await db.schema.createIndex(indexName('query', columns)).on('query').columns(columns).execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    for (const columns of QUERY_LIST_INDEXES) await db.schema.dropIndex(indexName('query', columns)).ifExists().execute();
  },
};
