import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import type { AnyDb } from '../resources/definition';
import { requirePermission } from '../security/guards';
import { escapeHtml } from './legacy-list-markup';

/**
 * GET /roles/edit/{id}: the incumbent's role form as its older versions render it, read by the clients that
 * export roles without a role API: the name in `<input name="name">`, every permission pair in
 * `<select id="permissions">` and every user in `<select id="user">`, the role's own marked `selected`.
 * Pairs are labelled as the incumbent prints them ('can read on Chart', 'datasource access on [db].[t](id:1)'),
 * users by full name. Read-only: the form posts nowhere (roles change through /api/v1/security/roles/).
 * Same permission as GET /api/v1/security/roles/{id}/permissions/.
 */
type P = { Params: { pk: string } };
const PK_SCHEMA = { type: 'object', required: ['pk'], properties: { pk: { type: 'string', pattern: '^[0-9]+$' } } } as const;

/** The incumbent's label of a pair: the permission with spaces for underscores, 'on', the view. */
export const pairLabel = (permission: string, view: string): string => `${permission.replace(/_/g, ' ')} on ${view}`;

interface Option {
  value: number;
  label: string;
  selected: boolean;
}

const select = (id: string, label: string, options: Option[]): string =>
  `<label for="${id}">${label}</label><select class="my_select2 form-control" id="${id}" multiple name="${id}">` +
  options.map((o) => `<option${o.selected ? ' selected' : ''} value="${o.value}">${escapeHtml(o.label)}</option>`).join('') +
  '</select>';

async function roleForm(db: AnyDb, roleId: number, name: string): Promise<string> {
  const [pairs, held, users, members] = await Promise.all([
    db.selectFrom('ab_permission_view').select(['id', 'permission', 'view_menu']).orderBy('view_menu').orderBy('permission').execute(),
    db.selectFrom('ab_permission_view_role').select('permission_view_id').where('role_id', '=', roleId).execute(),
    db.selectFrom('ab_user').select(['id', 'first_name', 'last_name']).orderBy('id').execute(),
    db.selectFrom('ab_user_role').select('user_id').where('role_id', '=', roleId).execute(),
  ]);
  const heldIds = new Set(held.map((r) => r.permission_view_id as number));
  const memberIds = new Set(members.map((r) => r.user_id as number));
  return (
    '<form method="get">' +
    `<label for="name">Name</label><input class="form-control" id="name" name="name" required type="text" value="${escapeHtml(name)}">` +
    select('permissions', 'Permissions', pairs.map((p) => ({ value: p.id as number, label: pairLabel(p.permission as string, p.view_menu as string), selected: heldIds.has(p.id as number) }))) +
    select('user', 'User', users.map((u) => ({ value: u.id as number, label: `${u.first_name} ${u.last_name}`, selected: memberIds.has(u.id as number) }))) +
    '</form>'
  );
}

export function registerRoleEditPage(app: FastifyInstance): void {
  const db = app.lumen.store.db as unknown as AnyDb;
  app.get<P>('/roles/edit/:pk', { schema: { params: PK_SCHEMA } }, async (request, reply) => {
    requirePermission(request, 'can_read', 'Role');
    const role = await db.selectFrom('ab_role').select(['id', 'name']).where('id', '=', Number(request.params.pk)).executeTakeFirst();
    if (!role) throw notFound(`Role ${request.params.pk} does not exist`);
    const title = `Edit Role ${escapeHtml(role.name as string)}`;
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${await roleForm(db, role.id as number, role.name as string)}</body></html>`;
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'")
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
