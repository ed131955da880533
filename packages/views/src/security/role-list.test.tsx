import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ALL_PERMISSIONS, createFakeServer, reply, type FakeCall } from '../lists/test-support';
import { checklistLines, groupByView, pairsMatching, toggleGroup } from './permission-groups';
import { RoleList } from './role-list';
import { fieldOfRoleError } from './role-save';

afterEach(cleanup);

const ROLES = '/api/v1/security/roles/';
const PAIRS = '/api/v1/security/permissions-resources/';

/** 3 pairs on Chart and Dashboard, then n datasource_access pairs (one view each, as the incumbent has them). */
function pairRows(n: number) {
  const base = [
    { id: 1, permission: { name: 'can_read' }, view_menu: { name: 'Chart' } },
    { id: 2, permission: { name: 'can_write' }, view_menu: { name: 'Chart' } },
    { id: 3, permission: { name: 'can_read' }, view_menu: { name: 'Dashboard' } },
  ];
  const sources = Array.from({ length: n }, (_, i) => ({ id: 100 + i, permission: { name: 'datasource_access' }, view_menu: { name: `[examples].[table_${String(i).padStart(4, '0')}](id:${i})` } }));
  return [...base, ...sources];
}

function roleServer(overrides: Record<string, (call: FakeCall) => unknown> = {}, sources = 0) {
  const all = pairRows(sources);
  return createFakeServer({
    [`GET ${ROLES}_info`]: ALL_PERMISSIONS,
    [`GET ${ROLES}search/`]: () => ({
      count: 2,
      result: [
        { id: 1, name: 'Admin', permission_ids: [1, 2, 3], user_ids: [1] },
        { id: 4, name: 'Gamma', permission_ids: [1, 3], user_ids: [2, 3] },
      ],
    }),
    [`GET ${PAIRS}`]: (call) => {
      const { page, page_size } = call.q as { page: number; page_size: number };
      return { count: all.length, result: all.slice(page * page_size, (page + 1) * page_size) };
    },
    ...overrides,
  });
}

const rowOf = async (name: string) => within((await screen.findByText(name, { selector: 'td' })).closest('tr')!);
const dialog = () => within(screen.getByRole('dialog'));
const box = (name: string) => dialog().getByRole('checkbox', { name }) as HTMLInputElement;

describe('RoleList', () => {
  it('lists roles from /roles/search/ with their user and permission counts, and searches by name', async () => {
    const server = roleServer();
    render(<RoleList client={server.client} toasts={createToastStore()} />);
    const gamma = await rowOf('Gamma');
    expect(gamma.getAllByRole('cell').map((c) => c.textContent)).toEqual(expect.arrayContaining(['Gamma', '2', '2']));
    expect(server.find('GET', `${ROLES}search/`)[0].q).toMatchObject({ order_column: 'name', order_direction: 'asc' });
    expect(server.find('GET', ROLES)).toHaveLength(0);

    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'gam' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect((server.find('GET', `${ROLES}search/`).at(-1)!.q as { filters?: unknown[] }).filters).toEqual([{ col: 'name', opr: 'ct', value: 'gam' }]));
  });

  it('adds a role with pairs picked per pair and per view, searching the checklist', async () => {
    const server = roleServer({ [`POST ${ROLES}`]: () => reply(201, { id: 9, result: { name: 'Analyst' } }), [`POST ${ROLES}9/permissions`]: () => ({ result: {} }) });
    const toasts = createToastStore();
    render(<RoleList client={server.client} toasts={toasts} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Role' }));
    fireEvent.change(dialog().getByLabelText(/^Name/), { target: { value: 'Analyst' } });
    fireEvent.click(await dialog().findByRole('checkbox', { name: 'All of Chart' }));
    expect(box('can_read on Chart').checked && box('can_write on Chart').checked).toBe(true);
    expect(dialog().getByText('2 of 3 selected')).toBeTruthy();

    fireEvent.change(dialog().getByRole('searchbox', { name: 'Search permissions' }), { target: { value: 'read dash' } });
    expect(dialog().queryByRole('checkbox', { name: 'can_read on Chart' })).toBeNull();
    fireEvent.click(box('can_read on Dashboard'));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST', ROLES)[0].body).toEqual({ name: 'Analyst' });
    expect(server.find('POST', `${ROLES}9/permissions`)[0].body).toEqual({ permission_view_menu_ids: [1, 2, 3] });
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Saved: Analyst');
  });

  it('copies a role with its pairs and opens the copy; a group shows mixed when partly selected', async () => {
    const server = roleServer({
      [`POST ${ROLES}`]: () => reply(201, { id: 12, result: {} }),
      [`POST ${ROLES}12/permissions`]: () => ({ result: {} }),
      [`PUT ${ROLES}12`]: () => ({ id: 12, result: {} }),
    });
    render(<RoleList client={server.client} toasts={createToastStore()} />);
    fireEvent.click((await rowOf('Gamma')).getByRole('button', { name: 'Copy Gamma' }));
    expect((await screen.findByRole('dialog', { name: 'Edit role: Copy of Gamma' }))).toBeTruthy();
    expect(server.find('POST', ROLES)[0].body).toEqual({ name: 'Copy of Gamma' });
    expect(server.find('POST', `${ROLES}12/permissions`)[0].body).toEqual({ permission_view_menu_ids: [1, 3] });

    const chart = (await dialog().findByRole('checkbox', { name: 'All of Chart' })) as HTMLInputElement;
    expect(chart.indeterminate).toBe(true);
    fireEvent.click(chart);
    fireEvent.click(box('can_read on Dashboard'));
    fireEvent.change(dialog().getByLabelText(/^Name/), { target: { value: 'Gamma writers' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('PUT', `${ROLES}12`)[0].body).toEqual({ name: 'Gamma writers' });
    expect(server.find('POST', `${ROLES}12/permissions`).at(-1)!.body).toEqual({ permission_view_menu_ids: [1, 2] });
  });

  it('shows a refused rename on the name and a refused grant on the permissions, keeping the dialog open', async () => {
    const server = roleServer({
      [`PUT ${ROLES}4`]: () => reply(422, { message: 'Role Gamma is built in and cannot be renamed' }),
    });
    render(<RoleList client={server.client} toasts={createToastStore()} />);
    fireEvent.click((await rowOf('Gamma')).getByRole('button', { name: 'Edit Gamma' }));
    await dialog().findByRole('checkbox', { name: 'All of Chart' });
    fireEvent.change(dialog().getByLabelText(/^Name/), { target: { value: 'Delta' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toBe('Role Gamma is built in and cannot be renamed');
    expect(dialog().getByLabelText(/^Name/).getAttribute('aria-describedby')).toBe(alert.id);

    const refusal = 'You cannot grant can_write on Chart, which you do not hold';
    const grant = roleServer({ [`POST ${ROLES}4/permissions`]: () => reply(403, { message: refusal }) });
    cleanup();
    render(<RoleList client={grant.client} toasts={createToastStore()} />);
    fireEvent.click((await rowOf('Gamma')).getByRole('button', { name: 'Edit Gamma' }));
    fireEvent.click(await dialog().findByRole('checkbox', { name: 'can_write on Chart' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    const under = await dialog().findByRole('alert');
    expect(under.textContent).toBe(refusal);
    expect(under.closest('.bi-pair-checklist')).toBeTruthy();
  });

  it('deletes after confirmation and shows the server’s reason when it refuses', async () => {
    const server = roleServer({ [`DELETE ${ROLES}1`]: () => reply(422, { message: 'Role Admin is built in and cannot be deleted' }) });
    const toasts = createToastStore();
    render(<RoleList client={server.client} toasts={toasts} />);
    fireEvent.click((await rowOf('Admin')).getByRole('button', { name: 'Delete Admin' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text).join()).toContain('Role Admin is built in and cannot be deleted'));
  });

  it('loads every page of a large pair list and draws only the lines in view', async () => {
    const server = roleServer({}, 1200);
    render(<RoleList client={server.client} toasts={createToastStore()} />);
    fireEvent.click((await rowOf('Gamma')).getByRole('button', { name: 'Edit Gamma' }));
    await dialog().findByText('2 of 1203 selected');
    expect(server.find('GET', PAIRS)).toHaveLength(13);
    expect(dialog().getAllByRole('checkbox').length).toBeLessThan(60);
    fireEvent.change(dialog().getByRole('searchbox', { name: 'Search permissions' }), { target: { value: 'table_1150' } });
    fireEvent.click(box('datasource_access on [examples].[table_1150](id:1150)'));
    expect(dialog().getByText('3 of 1203 selected')).toBeTruthy();
  });
});

describe('permission groups', () => {
  const pairs = pairRows(0).map((r) => ({ id: r.id, permission: r.permission.name, view: r.view_menu.name }));
  it('groups by view, matches every word, and toggles a whole group', () => {
    expect(groupByView(pairs).map((g) => [g.view, g.pairs.length])).toEqual([['Chart', 2], ['Dashboard', 1]]);
    expect(pairsMatching(pairs, 'READ chart').map((p) => p.id)).toEqual([1]);
    const chart = groupByView(pairs)[0];
    expect([...toggleGroup(new Set([1, 3]), chart)].sort()).toEqual([1, 2, 3]);
    expect([...toggleGroup(new Set([1, 2, 3]), chart)]).toEqual([3]);
  });

  it('puts the application’s views before data-access views, and a one-pair view on one line', () => {
    const withSources = pairRows(2).map((r) => ({ id: r.id, permission: r.permission.name, view: r.view_menu.name }));
    const lines = checklistLines(groupByView([...withSources].reverse()));
    expect(lines.map((l) => (l.kind === 'group' ? `${l.group.view}:` : `${l.kind} ${l.pair.id}`))).toEqual(['Chart:', 'pair 1', 'pair 2', 'single 3', 'single 100', 'single 101']);
  });

  it('names the field a refusal is about', () => {
    expect(fieldOfRoleError("A role named 'Gamma' already exists")).toBe('name');
    expect(fieldOfRoleError('You cannot grant can_write on User, which you do not hold')).toBe('pairs');
    expect(fieldOfRoleError('Permission pairs 9999 does not exist')).toBe('pairs');
    expect(fieldOfRoleError('Something else')).toBeNull();
  });
});
