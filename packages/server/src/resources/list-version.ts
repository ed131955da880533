import { sql } from 'kysely';
import type { MetadataStore } from '../metadata/connect';

/**
 * The metadata store's list version (migration 0009-list-version): triggers increment it with every write to
 * a table a list reads, whichever process or connection writes. One single-row primary-key read; on SQLite a
 * prepared statement (microseconds), on PostgreSQL one round trip.
 */
export async function readListVersion(store: MetadataStore): Promise<number> {
  const { rows } = await sql<{ version: number | string }>`select version from lumen_list_version where id = 1`.execute(store.db);
  return Number(rows[0]?.version ?? 0);
}
