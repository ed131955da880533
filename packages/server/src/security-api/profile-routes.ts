import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import type { AnyDb, AnyTrx } from '../resources/definition';
import { requireUser } from '../security/guards';
import { forgetUser } from '../security/load-user';
import { changeOwnPassword } from './own-password';
import { preferenceChanges, readPreferences, updatePreferences } from './preferences';
import { profileChanges, readProfile, updateProfile } from './profile';

/**
 * The signed-in user's own account: GET /api/v1/me/profile/, PUT /api/v1/me/ (names and e-mail),
 * PUT /api/v1/me/password/ and GET/PUT /api/v1/me/preferences/ (the theme mode of the user menu). No permission pair is needed, only a signed-in user (guest tokens are refused
 * by the security plugin); cookie sessions need the CSRF token as for every write.
 */
/** The caller's account id; a guest (embedding) viewer has no account, so no profile. */
function ownId(request: FastifyRequest): number {
  const { id } = requireUser(request);
  if (id === null) throw forbidden('Guest viewers have no profile');
  return id;
}

export function registerProfileRoutes(app: FastifyInstance): void {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;

  app.get('/api/v1/me/profile/', async (request) => ({ result: await readProfile(db, ownId(request)) }));

  app.put('/api/v1/me/', async (request) => {
    const id = ownId(request);
    const changes = profileChanges(request.body);
    await db.transaction().execute((trx: AnyTrx) => updateProfile(trx, id, changes));
    // The cached user carries the names and e-mail /api/v1/me/ answers with.
    forgetUser(ctx, id);
    return { result: await readProfile(db, id) };
  });

  app.put('/api/v1/me/password/', async (request) => {
    const id = ownId(request);
    await changeOwnPassword({ db, ctx, userId: id, ip: request.ip, sessionId: request.session?.id ?? null }, request.body);
    forgetUser(ctx, id);
    return { message: 'OK' };
  });

  app.get('/api/v1/me/preferences/', async (request) => ({ result: await readPreferences(db, ownId(request)) }));

  app.put('/api/v1/me/preferences/', async (request) => {
    const id = ownId(request);
    const changes = preferenceChanges(request.body);
    await db.transaction().execute((trx: AnyTrx) => updatePreferences(trx, id, changes));
    return { result: await readPreferences(db, id) };
  });
}
