import type { FastifyInstance } from 'fastify';
import { registerAdminResource } from './admin-routes';
import { permissionResource, permissionViewResource, viewMenuResource } from './permissions';
import { rlsResource } from './rls-rules';
import { registerProfileRoutes } from './profile-routes';
import { registerAccessRequestRoutes } from './access-requests';
import { registerRoleEditPage } from './role-edit-page';
import { registerRoleRoutes } from './role-routes';
import { roleResource } from './roles';
import { userResource } from './users';

/**
 * The incumbent's security API: users, roles and their permission pairs, permission names, views, pairs, and
 * row-level security rules; and the signed-in user's own profile and password. The older versions' role form
 * (/roles/edit/{id}) is here too; their /users/list/ and /roles/list/ markup goes into the app's pages
 * (legacy-list-pages.ts). Registered after the security plugin, whose hooks set `request.user` and answer
 * anonymous API calls with 401.
 */
export async function registerSecurityApi(app: FastifyInstance): Promise<void> {
  // The role sub-routes first: /roles/search/ must not be read as /roles/{pk}.
  registerRoleRoutes(app);
  registerProfileRoutes(app);
  registerAccessRequestRoutes(app);
  registerRoleEditPage(app);
  for (const resource of [userResource, roleResource, permissionResource, viewMenuResource, permissionViewResource, rlsResource]) {
    registerAdminResource(app, resource);
  }
}
