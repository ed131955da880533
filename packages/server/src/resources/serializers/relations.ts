import type { AnyDb, Json, Row, TableName } from '../definition';
import { humanizeDelta as humanize } from './humanize';

/**
 * Batch loaders for the relations list and show responses embed: one query per relation per page, never
 * one per row.
 */
export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

const unique = (ids: (number | null | undefined)[]) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];

export async function loadUsers(db: AnyDb, ids: (number | null | undefined)[]): Promise<Map<number, UserRef>> {
  const wanted = unique(ids);
  const map = new Map<number, UserRef>();
  if (wanted.length === 0) return map;
  const rows = await db.selectFrom('ab_user').select(['id', 'first_name', 'last_name']).where('id', 'in', wanted).execute();
  for (const row of rows) map.set(row.id as number, { id: row.id as number, first_name: row.first_name as string, last_name: row.last_name as string });
  return map;
}

/** Users linked through an owner table (slice_user, dashboard_user, sqlatable_user). */
export async function loadOwners(db: AnyDb, link: TableName, fk: string, ids: number[]): Promise<Map<number, UserRef[]>> {
  const map = new Map<number, UserRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom(`${link} as l`)
    .innerJoin('ab_user as u', 'u.id', 'l.user_id')
    .select([`l.${fk} as obj`, 'u.id', 'u.first_name', 'u.last_name'])
    .where(`l.${fk}`, 'in', ids)
    .orderBy('u.id')
    .execute();
  for (const row of rows) map.get(row.obj as number)?.push({ id: row.id as number, first_name: row.first_name as string, last_name: row.last_name as string });
  return map;
}

export interface TagRef {
  id: number;
  name: string;
  type: string;
}

export async function loadTags(db: AnyDb, objectType: string, ids: number[]): Promise<Map<number, TagRef[]>> {
  const map = new Map<number, TagRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('tagged_object as o')
    .innerJoin('tag as g', 'g.id', 'o.tag_id')
    .select(['o.object_id', 'g.id', 'g.name', 'g.type'])
    .where('o.object_type', '=', objectType)
    .where('o.object_id', 'in', ids)
    .orderBy('g.name')
    .execute();
  for (const row of rows) map.get(row.object_id as number)?.push({ id: row.id as number, name: row.name as string, type: row.type as string });
  return map;
}

export async function loadDatabases(db: AnyDb, ids: (number | null | undefined)[]): Promise<Map<number, Row>> {
  const wanted = unique(ids);
  const map = new Map<number, Row>();
  if (wanted.length === 0) return map;
  const rows = await db
    .selectFrom('dbs')
    .select(['id', 'database_name', 'backend', 'allow_multi_catalog'])
    .where('id', 'in', wanted)
    .execute();
  for (const row of rows) map.set(row.id as number, row);
  return map;
}

/** Audit fields every resource carries: created_by, changed_by, changed_on, *_delta_humanized. */
export function auditFields(row: Row, users: Map<number, UserRef>): Json {
  const ref = (id: unknown) => (typeof id === 'number' ? users.get(id) ?? null : null);
  return {
    changed_on: row.changed_on ?? null,
    created_on: row.created_on ?? null,
    changed_by: ref(row.changed_by_fk),
    created_by: ref(row.created_by_fk),
    changed_on_delta_humanized: humanize(row.changed_on as string | null),
    created_on_delta_humanized: humanize(row.created_on as string | null),
    changed_by_name: userFullName(users, row.changed_by_fk),
  };
}

/** 'First Last' of a user id (changed_by_name, created_by_name); '' when there is none. */
export function userFullName(users: Map<number, UserRef>, id: unknown): string {
  const user = typeof id === 'number' ? users.get(id) : undefined;
  return user ? `${user.first_name} ${user.last_name}`.trim() : '';
}

export const auditUserIds = (rows: Row[]) => rows.flatMap((r) => [r.created_by_fk as number | null, r.changed_by_fk as number | null]);

/** Parses a JSON text column, keeping the raw text when it is not JSON. */
export function parseJsonText(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
