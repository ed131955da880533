import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../errors';
import { createPermalink, readPermalink } from '../permalinks/store';
import { requireUser } from '../security/guards';
import { requireSqlLabMember } from './access';

/**
 * SQL Lab permalinks (spec 3 §7): the editor state {name, dbId, catalog, schema, autorun, sql,
 * templateParams} stored in key_value (resource sqllab_permalink) under an unguessable 128-bit key made by
 * the shared permalinks store. Reading needs only a signed-in user holding the key: sharing is the point.
 */
const STATE_FIELDS = ['name', 'dbId', 'catalog', 'schema', 'autorun', 'sql', 'templateParams'] as const;

export async function registerPermalinkRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.post<{ Body: Record<string, unknown> }>('/api/v1/sqllab/permalink', async (request, reply) => {
    const user = requireSqlLabMember(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    const errors: Record<string, string[]> = {};
    if (typeof body.sql !== 'string') errors.sql = ['Missing data for required field.'];
    if (!Number.isInteger(body.dbId)) errors.dbId = ['Missing data for required field.'];
    if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') errors.name = ['Not a valid string.'];
    if (body.autorun !== undefined && body.autorun !== null && typeof body.autorun !== 'boolean') errors.autorun = ['Not a valid boolean.'];
    for (const field of ['catalog', 'schema', 'templateParams'] as const) {
      if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') errors[field] = ['Not a valid string.'];
    }
    const unknown = Object.keys(body).filter((key) => !(STATE_FIELDS as readonly string[]).includes(key));
    for (const key of unknown) errors[key] = ['Unknown field.'];
    if (Object.keys(errors).length) throw badRequest(`Invalid permalink state: ${Object.keys(errors).join(', ')}`, errors);
    const state = {
      name: (body.name as string | undefined) ?? 'Untitled Query',
      dbId: body.dbId as number,
      catalog: (body.catalog as string | null | undefined) ?? null,
      schema: (body.schema as string | null | undefined) ?? null,
      autorun: (body.autorun as boolean | undefined) ?? false,
      sql: body.sql as string,
      templateParams: (body.templateParams as string | null | undefined) ?? null,
    };
    const key = await createPermalink(ctx, 'sqllab_permalink', state, user.id);
    return reply.status(201).send({ key, url: `${request.protocol}://${request.host}/sqllab/p/${key}` });
  });

  app.get<{ Params: { key: string } }>('/api/v1/sqllab/permalink/:key', async (request) => {
    requireUser(request);
    // The client asks for legacy links as `kv:{key}`.
    const key = request.params.key.replace(/^kv:/, '');
    const state = await readPermalink(ctx, 'sqllab_permalink', key);
    if (!state) throw notFound('The permalink was not found.');
    return state;
  });
}
