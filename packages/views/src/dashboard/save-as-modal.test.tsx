/**
 * "Save as" from the header's "..." menu, against a fake server answering POST /api/v1/dashboard/4/copy/ as
 * the real one does (packages/server/src/dashboards/routes.ts).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, type FakeCall } from '../testing/fake-server';
import { fixture, salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';
import type { CurrentUser } from '../session/current-user';

const WRITER: CurrentUser = { id: 5, username: 'alpha', first_name: 'A', last_name: 'W', email: '', is_active: true, roles: { Alpha: [['can_write', 'Dashboard']] as [string, string][] } };
const READER: CurrentUser = { ...WRITER, id: 6, roles: { Gamma: [['can_read', 'Dashboard']] as [string, string][] } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function copyServer(copies: unknown[], options: { user?: CurrentUser; answer?: () => unknown } = {}) {
  return salesServer({
    user: options.user,
    routes: {
      'POST /api/v1/dashboard/4/copy/': ({ body }: FakeCall) => {
        copies.push(body);
        return options.answer ? options.answer() : { result: { id: 99, last_modified_time: 1 } };
      },
    },
  });
}

async function renderSales(server: ReturnType<typeof salesServer>, props: { navigate?: (path: string) => void; guest?: boolean } = {}) {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(<DashboardView api={props.guest ? server.client : { ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} navigate={props.navigate} />);
  await screen.findByRole('button', { name: 'Refresh dashboard' });
}

/** The labels of the "..." menu's items; none when the header has no such menu. */
function menuItems(): string[] {
  const trigger = screen.queryByRole('button', { name: 'More dashboard actions' });
  if (!trigger) return [];
  fireEvent.click(trigger);
  const items = within(screen.getByRole('menu', { name: 'Dashboard actions' })).getAllByRole('menuitem').map((item) => item.textContent ?? '');
  fireEvent.keyDown(document, { key: 'Escape' });
  return items;
}

async function openSaveAs(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'More dashboard actions' }));
  fireEvent.click(within(screen.getByRole('menu', { name: 'Dashboard actions' })).getByRole('menuitem', { name: 'Save as' }));
  return screen.findByRole('dialog', { name: 'Save as' }, { timeout: 10_000 });
}

describe('Save as', () => {
  it('copies the dashboard as viewed under the new name, with its charts when asked, and opens the copy', async () => {
    const copies: unknown[] = [];
    const navigate = vi.fn();
    await renderSales(copyServer(copies, { user: WRITER }), { navigate });
    const dialog = await openSaveAs();
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe(`${fixture.dashboard_title} [copy]`);
    await waitFor(() => expect(document.activeElement).toBe(name));

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a name for the new dashboard');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(copies).toEqual([]);

    fireEvent.change(name, { target: { value: ' Sales for the board ' } });
    const duplicate = within(dialog).getByRole('checkbox', { name: 'Also copy charts' }) as HTMLInputElement;
    expect(duplicate.checked).toBe(false);
    fireEvent.click(duplicate);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/superset/dashboard/99/'));
    expect(copies).toHaveLength(1);
    const body = copies[0] as { dashboard_title: string; json_metadata: string; css: string; duplicate_slices: boolean };
    expect(body).toMatchObject({ dashboard_title: 'Sales for the board', css: '', duplicate_slices: true });
    const metadata = JSON.parse(body.json_metadata) as Record<string, unknown> & { positions: Record<string, { type?: string }> };
    // The layout being viewed travels as positions, beside the dashboard's own metadata.
    expect(metadata.positions.ROOT_ID.type).toBe('ROOT');
    expect(Object.keys(metadata.positions).length).toBeGreaterThan(5);
    expect(metadata.color_scheme).toBe(fixture.metadata.color_scheme);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal in the dialog", async () => {
    const copies: unknown[] = [];
    await renderSales(copyServer(copies, { user: WRITER, answer: () => reply(403, { message: 'Forbidden' }) }), { navigate: vi.fn() });
    const dialog = await openSaveAs();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Forbidden');
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });

  it('is offered only with write rights on dashboards, never to a guest, and only where the app can open the copy', async () => {
    await renderSales(copyServer([], { user: WRITER }), { navigate: vi.fn() });
    expect(menuItems()).toContain('Save as');
    cleanup();
    await renderSales(copyServer([], { user: WRITER }));
    expect(menuItems()).not.toContain('Save as');
    cleanup();
    await renderSales(copyServer([], { user: READER }), { navigate: vi.fn() });
    expect(menuItems()).not.toContain('Save as');
    cleanup();
    await renderSales(copyServer([]), { navigate: vi.fn(), guest: true });
    expect(menuItems()).not.toContain('Save as');
  });
});
