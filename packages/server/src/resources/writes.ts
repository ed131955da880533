import { randomUUID } from 'node:crypto';
import { unprocessable } from '../errors';
import { nowIso } from '../metadata/connect';
import type { CurrentUser } from '../security/current-user';
import type { AnyTrx, Json, TableName } from './definition';

/** Shared pieces of create/update: audit columns, id checks, owner and link-table maintenance. */
export const auditOnCreate = (user: CurrentUser): Json => {
  const now = nowIso();
  return { uuid: randomUUID(), created_on: now, changed_on: now, created_by_fk: user.id, changed_by_fk: user.id };
};

export const auditOnUpdate = (user: CurrentUser): Json => ({ changed_on: nowIso(), changed_by_fk: user.id });

/** Throws 422 naming the ids that do not exist in `table`. */
export async function ensureIdsExist(trx: AnyTrx, table: TableName, ids: number[], what: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx.selectFrom(table).select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id as number));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw unprocessable(`${what} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`);
}

/**
 * The owner list to store: the ids sent (checked to exist), else the current user; a non-admin editor is
 * kept among the owners so they cannot lock themselves out.
 */
export async function resolveOwners(trx: AnyTrx, sent: unknown, user: CurrentUser): Promise<number[]> {
  const ids = Array.isArray(sent) ? (sent as number[]) : [];
  await ensureIdsExist(trx, 'ab_user', ids, 'Owners');
  const out = [...ids];
  if (user.id !== null && !user.isAdmin && !out.includes(user.id)) out.push(user.id);
  if (out.length === 0 && user.id !== null && sent === undefined) out.push(user.id);
  return out;
}

/** Replaces the rows of a link table for one object. */
export async function setLinks(trx: AnyTrx, table: TableName, selfFk: string, otherFk: string, id: number, others: number[]): Promise<void> {
  await trx.deleteFrom(table).where(selfFk, '=', id).execute();
  if (others.length === 0) return;
  await trx
    .insertInto(table)
    .values(others.map((other) => ({ [selfFk]: id, [otherFk]: other })))
    .execute();
}

/** Replaces the custom tags of an object with the given tag ids (other tag types are left alone). */
export async function setObjectTags(trx: AnyTrx, objectType: string, objectId: number, tagIds: number[], user: CurrentUser): Promise<void> {
  await ensureIdsExist(trx, 'tag', tagIds, 'Tags');
  const custom = await trx.selectFrom('tag').select('id').where('type', '=', 'custom').execute();
  const customIds = custom.map((r) => r.id as number);
  if (customIds.length) {
    await trx.deleteFrom('tagged_object').where('object_type', '=', objectType).where('object_id', '=', objectId).where('tag_id', 'in', customIds).execute();
  }
  await tagObject(trx, tagIds, objectType, objectId, user);
}

/** Adds tags to an object, ignoring ones it already has. */
export async function tagObject(trx: AnyTrx, tagIds: number[], objectType: string, objectId: number, user: CurrentUser): Promise<void> {
  if (tagIds.length === 0) return;
  const existing = await trx
    .selectFrom('tagged_object')
    .select('tag_id')
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .where('tag_id', 'in', tagIds)
    .execute();
  const have = new Set(existing.map((r) => r.tag_id as number));
  const add = tagIds.filter((id) => !have.has(id));
  if (add.length === 0) return;
  await trx
    .insertInto('tagged_object')
    .values(add.map((tagId) => ({ tag_id: tagId, object_id: objectId, object_type: objectType, created_on: nowIso(), created_by_fk: user.id })))
    .execute();
}

/** Deletes favourites and tag links of deleted objects (they carry no foreign key). */
export async function removeSoftLinks(trx: AnyTrx, ids: number[], favoriteClass?: string, tagType?: string): Promise<void> {
  if (ids.length === 0) return;
  if (favoriteClass) await trx.deleteFrom('favstar').where('class_name', '=', favoriteClass).where('obj_id', 'in', ids).execute();
  if (tagType) await trx.deleteFrom('tagged_object').where('object_type', '=', tagType).where('object_id', 'in', ids).execute();
}

/** Whether a database error is a unique-constraint or duplicate-key violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  const code = e?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
