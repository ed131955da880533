import type { SqlLabHostQuery } from '@lumen-bi/views';
import { databaseIdAttribute, type AttributeValue } from './element-attributes';

/** The attributes of <bi-sqllab> that say what to open: its raw values, as the element holds them. */
export interface SqlLabQueryAttributes {
  databaseId?: AttributeValue | number;
  schema?: AttributeValue;
  sql?: AttributeValue;
  tabTitle?: AttributeValue;
}

/**
 * The host's query from <bi-sqllab>'s attributes; null when it asks for nothing (SQL Lab then opens as in
 * the app). An invalid `database-id` throws an AttributeError. An empty `sql` attribute is an empty editor,
 * not "no sql": only an absent attribute leaves the editor alone.
 *
 * @example
 * hostQueryFromAttributes({ databaseId: '1', sql: 'SELECT 1' }); // {databaseId: 1, schema: null, sql: 'SELECT 1', tabTitle: null}
 */
export function hostQueryFromAttributes(attributes: SqlLabQueryAttributes): SqlLabHostQuery | null {
  const databaseId = databaseIdAttribute(attributes.databaseId) ?? null;
  const schema = attributes.schema?.trim() || null;
  const sql = attributes.sql ?? null;
  if (databaseId === null && schema === null && sql === null) return null;
  return { databaseId, schema, sql, tabTitle: attributes.tabTitle?.trim() || null };
}
