import { nowIso } from '../metadata/connect';
import type { AnyDb } from './definition';

/** Favourites (favstar rows keyed by the incumbent's class names: slice, Dashboard, tag). */
export async function favoriteStatus(db: AnyDb, className: string, userId: number | null, ids: number[]): Promise<{ id: number; value: boolean }[]> {
  if (ids.length === 0) return [];
  const rows =
    userId === null
      ? []
      : await db.selectFrom('favstar').select('obj_id').where('class_name', '=', className).where('user_id', '=', userId).where('obj_id', 'in', ids).execute();
  const favs = new Set(rows.map((r) => r.obj_id as number));
  return ids.map((id) => ({ id, value: favs.has(id) }));
}

export async function addFavorite(db: AnyDb, className: string, userId: number, id: number): Promise<void> {
  const existing = await db
    .selectFrom('favstar')
    .select('id')
    .where('class_name', '=', className)
    .where('user_id', '=', userId)
    .where('obj_id', '=', id)
    .executeTakeFirst();
  if (existing) return;
  await db.insertInto('favstar').values({ user_id: userId, class_name: className, obj_id: id, dttm: nowIso() }).execute();
}

export async function removeFavorite(db: AnyDb, className: string, userId: number, id: number): Promise<void> {
  await db.deleteFrom('favstar').where('class_name', '=', className).where('user_id', '=', userId).where('obj_id', '=', id).execute();
}
