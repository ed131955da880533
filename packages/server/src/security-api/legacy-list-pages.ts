import type { FastifyRequest } from 'fastify';
import type { AnyDb, Json } from '../resources/definition';
import { runList } from '../resources/list';
import { requirePermission } from '../security/guards';
import { type AdminResource, asDefinition } from './admin-resource';
import { legacyListArgs, type LegacyListPage } from './legacy-list-params';
import { escapeHtml, type ListColumn, listMarkup } from './legacy-list-markup';
import { roleResource } from './roles';
import { userResource } from './users';

/**
 * The incumbent's older versions have no user or role API: clients list users and roles by scraping the
 * server-rendered /users/list/ and /roles/list/ pages. Lumen's app answers these addresses with its own
 * pages; the app's HTML carries, hidden, the incumbent's list markup of the same records (legacy-list-markup.ts),
 * read through the API's list with the API's permission check, so a caller the API refuses is refused here.
 */
interface LegacyListPageSpec extends LegacyListPage {
  resource: AdminResource;
  /** The framework's labels of the columns and their cells, in its order. */
  columns: ListColumn[];
  checkboxes: boolean;
  linkOf(id: number): string;
}

const TEXT_FILTER_LABELS = ['Starts with', 'Ends with', 'Contains', 'Equal to', 'Not Starts With', 'Not Ends With', 'Not Contains', 'Not Equal to'];
const OPERATOR_INDEX: Record<string, number> = { sw: 0, ew: 1, ct: 2, eq: 3, nsw: 4, new: 5, nct: 6, neq: 7 };

const USERS: LegacyListPageSpec = {
  view: 'UserDBModelView',
  resource: userResource,
  filterable: ['first_name', 'last_name', 'username', 'email'],
  defaultPageSize: 25,
  columns: [
    { key: 'first_name', label: 'First Name' },
    { key: 'last_name', label: 'Last Name' },
    { key: 'username', label: 'User Name' },
    { key: 'email', label: 'Email' },
    { key: 'active', label: 'Is Active?' },
    { key: 'roles', label: 'Role' },
  ],
  // The users page has no bulk actions; its record link is the user in the API.
  checkboxes: false,
  linkOf: (id) => `/api/v1/security/users/${id}`,
};

const ROLES: LegacyListPageSpec = {
  view: 'RoleModelView',
  resource: roleResource,
  filterable: ['name'],
  defaultPageSize: 25,
  columns: [{ key: 'name', label: 'Name' }],
  // The roles page has a bulk action (copy role), so rows start with the checkbox clients read the id from.
  checkboxes: true,
  linkOf: (id) => `/roles/edit/${id}`,
};

async function renderList(spec: LegacyListPageSpec, request: FastifyRequest): Promise<string | null> {
  // Anonymous browsers get the app alone, which sends them to the login page.
  if (!request.user) return null;
  const user = requirePermission(request, 'can_read', spec.resource.view);
  const args = legacyListArgs(spec, request.query as Record<string, string | undefined>);
  const ctx = request.server.lumen;
  const list = await runList(asDefinition(spec.resource), args, { ctx, user, db: ctx.store.db as unknown as AnyDb });
  const labelOf = (column: string) => spec.columns.find((c) => c.key === column)?.label ?? column;
  return listMarkup({
    filters: args.filters.map((f) => [labelOf(f.col), TEXT_FILTER_LABELS[OPERATOR_INDEX[f.opr]], String(f.value)]),
    columns: spec.columns,
    records: list.result as Json[],
    count: list.count as number,
    checkboxes: spec.checkboxes,
    linkOf: spec.linkOf,
  });
}

/** The hidden block the app page carries: not shown, not in the accessibility tree, read by HTML parsers. */
const hiddenBlock = (markup: string, view: string) => `<div hidden data-legacy-list="${escapeHtml(view)}">${markup}</div>`;

/** App page address → the legacy list markup to put in it (null: none, for an anonymous caller). */
export const LEGACY_LIST_PAGES: Readonly<Record<string, (request: FastifyRequest) => Promise<string | null>>> = {
  '/users/list/': async (request) => {
    const markup = await renderList(USERS, request);
    return markup === null ? null : hiddenBlock(markup, USERS.view);
  },
  '/roles/list/': async (request) => {
    const markup = await renderList(ROLES, request);
    return markup === null ? null : hiddenBlock(markup, ROLES.view);
  },
};
