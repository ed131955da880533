import type { FastifyRequest } from 'fastify';
import { unprocessable } from '../errors';
import { requirePerm } from './access';
import type { AnyDb, Json, RequestScope, ResourceDefinition } from './definition';
import { validateInput } from './fields';
import { TAGGABLE } from './registry';
import { parseObjectsToTag, tagObjects } from './tags';
import { isUniqueViolation } from './writes';

/** Runs a write in one transaction; a unique-constraint race becomes a 422 naming the resource. */
export async function transact<T>(db: AnyDb, def: ResourceDefinition, work: Parameters<ReturnType<AnyDb['transaction']>['execute']>[0]): Promise<T> {
  try {
    return (await db.transaction().execute(work)) as T;
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable(`A ${def.thing} with these values already exists`);
    throw error;
  }
}

/**
 * What POST /api/v1/{resource}/ does: can_write on the resource, the write allow-list, the definition's own
 * checks (for a dataset: placement and, through them, the SQL rules), one transaction, then the
 * after-create step (undone when it fails). Legacy entry points (POST /superset/sqllab_viz/) call this, so
 * they can never be laxer than the API. Answers the 201 body `{id, result, ...}`.
 */
export async function createItem(request: FastifyRequest, def: ResourceDefinition, body: unknown): Promise<{ id: number } & Json> {
  const ctx = request.server.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const user = requirePerm(request, 'can_write', def.view);
  const input = validateInput(def.createFields, body, 'create');
  const scope: RequestScope = { ctx, user, db };
  const id = await transact<number>(db, def, async (trx) => {
    const newId = await def.create(trx, input, scope);
    if (def.name === 'tag' && input.objects_to_tag) await tagObjects(trx, [newId], parseObjectsToTag(input.objects_to_tag), TAGGABLE, scope);
    return newId;
  });
  if (def.afterCreate) {
    try {
      await def.afterCreate(id, input, scope);
    } catch (error) {
      await db.deleteFrom(def.table).where('id', '=', id).execute();
      throw error;
    }
  }
  const extra = def.writeResponse ? await def.writeResponse(id, scope) : {};
  return { id, result: def.echo ? def.echo(input) : input, ...extra };
}
