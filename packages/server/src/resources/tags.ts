import { badRequest } from '../errors';
import { nowIso } from '../metadata/connect';
import { canEdit } from './access';
import type { AnyTrx, Json, RequestScope, ResourceDefinition } from './definition';
import { tagObject } from './writes';

/**
 * Tagging objects (spec 1 §6): only objects the user may edit are tagged; the others are reported as
 * skipped so the client can say '%s items could not be tagged because you don’t have edit permissions to
 * all selected objects.'
 */
export type ObjectRef = [string, number];

export interface TagOutcome {
  objects_tagged: ObjectRef[];
  objects_skipped: ObjectRef[];
}

/** Checks `objects_to_tag`: a list of [type, id] pairs. */
export function parseObjectsToTag(value: unknown, field = 'objects_to_tag'): ObjectRef[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`Field '${field}' must be a list of [type, id] pairs`);
  return value.map((item, index) => {
    if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== 'string' || !Number.isInteger(Number(item[1]))) {
      throw badRequest(`${field}[${index}] must be a [type, id] pair, e.g. ["chart", 1]`);
    }
    return [item[0], Number(item[1])] as ObjectRef;
  });
}

/** Finds tags by name, creating the missing ones as custom tags. */
export async function ensureTags(trx: AnyTrx, names: string[], scope: RequestScope): Promise<number[]> {
  const clean = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  if (clean.length === 0) return [];
  const existing = await trx.selectFrom('tag').select(['id', 'name']).where('name', 'in', clean).execute();
  const byName = new Map(existing.map((r) => [r.name as string, r.id as number]));
  for (const name of clean) {
    if (byName.has(name)) continue;
    const now = nowIso();
    const row = await trx
      .insertInto('tag')
      .values({ name, type: 'custom', description: null, created_on: now, changed_on: now, created_by_fk: scope.user.id, changed_by_fk: scope.user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    byName.set(name, row.id as number);
  }
  return clean.map((n) => byName.get(n)!);
}

/** Tags each object the user may edit with every tag id; reports tagged and skipped objects. */
export async function tagObjects(
  trx: AnyTrx,
  tagIds: number[],
  objects: ObjectRef[],
  taggable: Record<string, ResourceDefinition>,
  scope: RequestScope,
): Promise<TagOutcome> {
  const outcome: TagOutcome = { objects_tagged: [], objects_skipped: [] };
  for (const [type, id] of objects) {
    const def = taggable[type];
    if (!def) throw badRequest(`Cannot tag objects of type '${type}'; allowed: ${Object.keys(taggable).join(', ')}`);
    const row = await trx.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !(await canEdit(trx, def, row, scope.user))) {
      outcome.objects_skipped.push([type, id]);
      continue;
    }
    for (const tagId of tagIds) await tagObject(trx, [tagId], def.tagType ?? type, id, scope.user);
    outcome.objects_tagged.push([type, id]);
  }
  return outcome;
}

/**
 * Normalises a bulk_create body: spec 1 §3 `{tags: [names], objects_to_tag: [[type, id]]}` or the
 * incumbent's `{tags: [{name, objects_to_tag}]}`.
 */
export function parseBulkBody(body: unknown): { name: string; objects: ObjectRef[] }[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const { tags, objects_to_tag: shared, ...rest } = body as Json;
  const unknown = Object.keys(rest);
  if (unknown.length) throw badRequest(`Unknown field '${unknown[0]}'; allowed: tags, objects_to_tag`);
  if (!Array.isArray(tags) || tags.length === 0) throw badRequest("Field 'tags' must be a non-empty list of tag names");
  const sharedObjects = parseObjectsToTag(shared);
  return tags.map((tag, index) => {
    if (typeof tag === 'string') {
      if (!tag.trim()) throw badRequest(`tags[${index}] may not be empty`);
      return { name: tag.trim(), objects: sharedObjects };
    }
    if (tag && typeof tag === 'object' && typeof (tag as Json).name === 'string' && ((tag as Json).name as string).trim()) {
      const objects = parseObjectsToTag((tag as Json).objects_to_tag, `tags[${index}].objects_to_tag`);
      return { name: ((tag as Json).name as string).trim(), objects: objects.length ? objects : sharedObjects };
    }
    throw badRequest(`tags[${index}] must be a tag name or {name, objects_to_tag}`);
  });
}
