import type { CreateTableBuilder, Kysely } from 'kysely';
import type { MetadataDialect } from '../connect';
import { indexName } from './0007-list-indexes';
import { createListVersionTriggers, dropListVersionTriggers } from './0009-list-version';

/**
 * Native annotation layers (issue 22): the incumbent's `annotation_layer` and `annotation` tables, under its
 * names and columns, so its REST API and SQL habits carry over. Timestamps are ISO-8601 TEXT in UTC, as
 * everywhere in the store (schema.ts), so text order is time order and the time-range test is a string
 * comparison on both dialects.
 *
 * An annotation belongs to its layer (ON DELETE CASCADE: a layer removed by plain SQL takes its annotations
 * with it; the API refuses to delete a layer that still has some, as the incumbent does).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

export const ANNOTATION_TABLES = ['annotation_layer', 'annotation'] as const;

/**
 * Indexes for the two lists (see 0007-list-indexes for the (column, id) rule). An annotation list is always
 * one layer's, so its indexes lead with layer_id and then the order column. Free text (descr, long_descr,
 * json_metadata) stays unindexed, as in 0007. Names are unique: the layer's name and a short description
 * within its layer, which the API checks with a readable 422 first; the unique index closes the race.
 */
export const ANNOTATION_INDEXES: Record<(typeof ANNOTATION_TABLES)[number], string[][]> = {
  annotation_layer: [['changed_on', 'id'], ['created_on', 'id'], ['created_by_fk'], ['changed_by_fk']],
  annotation: [
    ['layer_id', 'start_dttm', 'end_dttm'], ['layer_id', 'end_dttm'], ['layer_id', 'changed_on'],
    ['created_by_fk'], ['changed_by_fk'],
  ],
};
export const ANNOTATION_UNIQUE_INDEXES: Record<(typeof ANNOTATION_TABLES)[number], string[][]> = {
  annotation_layer: [['name']],
  annotation: [['layer_id', 'short_descr']],
};

export function annotationLayersMigration(dialect: MetadataDialect) {
  const withId = (t: Table) =>
    dialect === 'postgresql' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const audited = (t: Table) =>
    t
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('changed_on', 'text', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'));

  return {
    async up(db: AnyDb): Promise<void> {
      await audited(withId(db.schema.createTable('annotation_layer') as Table).addColumn('name', 'text', (c) => c.notNull()).addColumn('descr', 'text')).execute();
      await audited(
        withId(db.schema.createTable('annotation') as Table)
          .addColumn('start_dttm', 'text')
          .addColumn('end_dttm', 'text')
          .addColumn('layer_id', 'integer', (c) => c.notNull().references('annotation_layer.id').onDelete('cascade'))
          .addColumn('short_descr', 'text')
          .addColumn('long_descr', 'text')
          .addColumn('json_metadata', 'text'),
      ).execute();
      for (const table of ANNOTATION_TABLES) {
        for (const columns of ANNOTATION_INDEXES[table]) await db.schema.createIndex(indexName(table, columns)).on(table).columns(columns).execute();
        for (const columns of ANNOTATION_UNIQUE_INDEXES[table]) await db.schema.createIndex(`uq_${table}_${columns.join('_')}`).on(table).columns(columns).unique().execute();
      }
      // Lists of both are answered from the list cache, which these triggers invalidate (0009-list-version).
      await createListVersionTriggers(db, dialect, ANNOTATION_TABLES);
    },
    async down(db: AnyDb): Promise<void> {
      await dropListVersionTriggers(db, dialect, ANNOTATION_TABLES);
      await db.schema.dropTable('annotation').ifExists().execute();
      await db.schema.dropTable('annotation_layer').ifExists().execute();
    },
  };
}
