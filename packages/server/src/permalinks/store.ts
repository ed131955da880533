import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { nowIso } from '../metadata/connect';

/**
 * Permalinks: small JSON documents stored in key_value under an unguessable key. The key is the only
 * secret protecting a shared state, so it carries 128 random bits (base64url, 22 characters) rather than
 * the incumbent's hashed sequential ids, which leak how many links exist.
 */
export type PermalinkResource = 'dashboard_permalink' | 'explore_permalink' | 'sqllab_permalink';

/** Resources stored by this module's key-value helpers (permalinks plus short-lived caches). */
export type KeyValueResource = PermalinkResource | 'explore_form_data' | 'dashboard_filter_state';

/** 16 bytes = 128 bits of entropy. */
const KEY_BYTES = 16;
/** base64url of 16 bytes, unpadded. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const newKey = (): string => randomBytes(KEY_BYTES).toString('base64url');

/** Whether a string could be a key made by `newKey` (cheap rejection before touching the database). */
export const isWellFormedKey = (key: string): boolean => KEY_PATTERN.test(key);

export interface StoredEntry {
  key: string;
  value: unknown;
  createdBy: number | null;
  createdOn: string;
}

/**
 * Stores a JSON document under a fresh key; `ttlSeconds` makes it expire (permalinks never do by default).
 */
export async function putEntry(
  ctx: AppContext,
  resource: KeyValueResource,
  value: unknown,
  userId: number | null,
  ttlSeconds?: number,
): Promise<string> {
  const key = newKey();
  const now = new Date();
  // Expiring entries are only removed when read; sweeping on write keeps abandoned ones from piling up.
  if (ttlSeconds !== undefined) {
    await ctx.store.db.deleteFrom('key_value').where('resource', '=', resource).where('expires_on', '<=', now.toISOString()).execute();
  }
  await ctx.store.db
    .insertInto('key_value')
    .values({
      uuid: key,
      resource,
      value: JSON.stringify(value),
      created_on: now.toISOString(),
      created_by_fk: userId,
      changed_on: null,
      changed_by_fk: null,
      expires_on: ttlSeconds === undefined ? null : new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
    })
    .execute();
  return key;
}

/** Reads an entry of the given resource; undefined when missing, of another resource, or expired. */
export async function getEntry(ctx: AppContext, resource: KeyValueResource, key: string): Promise<StoredEntry | undefined> {
  if (!isWellFormedKey(key)) return undefined;
  const row = await ctx.store.db
    .selectFrom('key_value')
    .select(['uuid', 'value', 'created_by_fk', 'created_on', 'expires_on'])
    .where('uuid', '=', key)
    .where('resource', '=', resource)
    .executeTakeFirst();
  if (!row) return undefined;
  // ISO-8601 UTC strings compare in time order.
  if (row.expires_on !== null && row.expires_on <= nowIso()) {
    await ctx.store.db.deleteFrom('key_value').where('uuid', '=', key).execute();
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return undefined;
  }
  return { key: row.uuid, value, createdBy: row.created_by_fk, createdOn: row.created_on };
}

/** Replaces the value of an entry (and pushes its expiry forward when a TTL is given). */
export async function updateEntry(
  ctx: AppContext,
  resource: KeyValueResource,
  key: string,
  value: unknown,
  userId: number | null,
  ttlSeconds?: number,
): Promise<void> {
  const now = new Date();
  await ctx.store.db
    .updateTable('key_value')
    .set({
      value: JSON.stringify(value),
      changed_on: now.toISOString(),
      changed_by_fk: userId,
      ...(ttlSeconds === undefined ? {} : { expires_on: new Date(now.getTime() + ttlSeconds * 1000).toISOString() }),
    })
    .where('uuid', '=', key)
    .where('resource', '=', resource)
    .execute();
}

export async function deleteEntry(ctx: AppContext, resource: KeyValueResource, key: string): Promise<void> {
  await ctx.store.db.deleteFrom('key_value').where('uuid', '=', key).where('resource', '=', resource).execute();
}

/**
 * Stores a permalink state and returns its key.
 *
 * @example
 * const key = await createPermalink(ctx, 'sqllab_permalink', { dbId: 1, sql: 'SELECT 1' }, user.id);
 * // url: `/sqllab/p/${key}/`
 */
export async function createPermalink(ctx: AppContext, resource: PermalinkResource, value: object, userId: number | null): Promise<string> {
  return putEntry(ctx, resource, value, userId);
}

/**
 * The stored state of a permalink, or undefined when the key is unknown (callers answer 404).
 *
 * @example
 * const state = await readPermalink(ctx, 'sqllab_permalink', request.params.key);
 * if (!state) throw notFound();
 */
export async function readPermalink(ctx: AppContext, resource: PermalinkResource, key: string): Promise<Record<string, unknown> | undefined> {
  const entry = await getEntry(ctx, resource, key);
  if (!entry || typeof entry.value !== 'object' || entry.value === null) return undefined;
  return entry.value as Record<string, unknown>;
}
