/**
 * The header's "..." menu and its Embed dashboard dialog, against a fake server answering
 * /api/v1/dashboard/4/embedded as the real one does (packages/server/src/embedding/embedded-dashboard-routes.ts).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, type FakeCall } from '../testing/fake-server';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';

const UUID = '5b0c6f1e-2f7a-4c1b-9d3e-0a1b2c3d4e5f';
const VIEWER = { id: 9, username: 'viewer', first_name: 'V', last_name: 'W', email: '', is_active: true, roles: { Gamma: [['can_read', 'Dashboard']] as [string, string][] } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The fake server's embedded registration: stored by PUT, removed by DELETE. */
function embeddingServer(initial: string[] | null, options: Parameters<typeof salesServer>[0] = {}) {
  let stored: string[] | null = initial;
  const config = () => ({ result: { uuid: UUID, allowed_domains: stored, dashboard_id: '4', changed_on: '2026-01-01T00:00:00' } });
  return salesServer({
    ...options,
    routes: {
      'GET /api/v1/dashboard/4/embedded': () => (stored ? config() : reply(404, { message: 'Not found' })),
      'PUT /api/v1/dashboard/4/embedded': ({ body }: FakeCall) => {
        stored = (body as { allowed_domains: string[] }).allowed_domains;
        return config();
      },
      'DELETE /api/v1/dashboard/4/embedded': () => {
        stored = null;
        return { message: 'OK' };
      },
      ...options.routes,
    },
  });
}

async function renderDashboard(server: ReturnType<typeof salesServer>, auth: 'session' | 'guest' = 'session') {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(<DashboardView api={auth === 'session' ? { ...server.client, auth: { kind: 'session' } } : server.client} dashboardIdOrSlug={4} />);
  await screen.findByRole('button', { name: 'Refresh dashboard' });
}

/** The labels of the "..." menu's items; none when the header has no such menu. */
async function menuItems(): Promise<string[]> {
  const trigger = screen.queryByRole('button', { name: 'More dashboard actions' });
  if (!trigger) return [];
  fireEvent.click(trigger);
  const items = within(screen.getByRole('menu', { name: 'Dashboard actions' })).getAllByRole('menuitem').map((item) => item.textContent ?? '');
  fireEvent.keyDown(document, { key: 'Escape' });
  return items;
}

async function openEmbedDialog(): Promise<HTMLElement> {
  const trigger = screen.getByRole('button', { name: 'More dashboard actions' });
  expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
  fireEvent.click(trigger);
  const menu = screen.getByRole('menu', { name: 'Dashboard actions' });
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Embed dashboard' }));
  // The dialog's code is imported on first use: slow on a loaded machine.
  return screen.findByRole('dialog', { name: 'Embed dashboard' }, { timeout: 10_000 });
}

describe('Embed dashboard dialog', () => {
  it('refuses a bad origin by name, then enables embedding with the canonical origins and shows the id and both snippets', async () => {
    const writeText = vi.fn(async () => undefined);
    const server = embeddingServer(null);
    await renderDashboard(server);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const dialog = await openEmbedDialog();
    const field = await within(dialog).findByRole('textbox', { name: 'Allowed domains' });
    // Focus moves into the dialog, on its first field.
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.change(field, { target: { value: 'https://ok.example.com\napp.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable embedding' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('app.example.com is not an origin (expected scheme://host[:port])');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.find('PUT', '/api/v1/dashboard/4/embedded')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'https://App.example.com:443/, http://localhost:3000\nhttps://app.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable embedding' }));
    await within(dialog).findByRole('textbox', { name: 'Embedded id' });
    expect(server.find('PUT', '/api/v1/dashboard/4/embedded')[0].body).toEqual({ allowed_domains: ['https://app.example.com', 'http://localhost:3000'] });
    expect((within(dialog).getByRole('textbox', { name: 'Embedded id' }) as HTMLInputElement).value).toBe(UUID);
    expect((field as HTMLTextAreaElement).value).toBe('https://app.example.com\nhttp://localhost:3000');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    // Said in the dialog, not in a toast that would cover its footer.
    expect(within(dialog).getAllByRole('status').map((s) => s.textContent)).toContain('Embedding enabled');

    const element = within(dialog).getByRole('region', { name: 'Inline element (<bi-dashboard>)' }).querySelector('pre')!.textContent!;
    expect(element).toContain('<bi-dashboard id="lumen-dashboard" api-url="http://lumen.test"');
    expect(element).toContain(`import "http://lumen.test/static/elements/bi-elements.lite.js";`);
    expect(element).toContain(`dashboard.setAttribute('dashboard-id', "${UUID}");`);
    const iframe = within(dialog).getByRole('region', { name: 'Iframe SDK (embedDashboard)' }).querySelector('pre')!.textContent!;
    expect(iframe).toContain(`import { embedDashboard } from "http://lumen.test/static/embed/lumen-embed-dashboard.js";`);
    expect(iframe).toContain(`id: "${UUID}",\n    domain: "http://lumen.test",`);
    for (const code of [element, iframe]) expect(code).toContain('async function fetchGuestToken() {');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy embedded id' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(UUID));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy embedded id' }).textContent).toBe('Copied'));
    expect(within(dialog).getAllByRole('status').map((s) => s.textContent)).toContain('embedded id copied');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Iframe SDK (embedDashboard)' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(iframe));
  });

  it('deactivates after a confirmation, and Escape closes the dialog with focus back on the menu button', async () => {
    const server = embeddingServer(['https://app.example.com']);
    await renderDashboard(server);
    const dialog = await openEmbedDialog();
    expect((await within(dialog).findByRole('textbox', { name: 'Embedded id' }) as HTMLInputElement).value).toBe(UUID);
    expect((within(dialog).getByRole('textbox', { name: 'Allowed domains' }) as HTMLTextAreaElement).value).toBe('https://app.example.com');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate embedding?' });
    // Escape closes the confirmation only: nothing is deleted.
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate embedding?' })).toBeNull());
    expect(server.find('DELETE', '/api/v1/dashboard/4/embedded')).toHaveLength(0);
    expect(confirm.isConnected).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Deactivate embedding?' })).getByRole('button', { name: 'Deactivate' }));
    await within(dialog).findByRole('button', { name: 'Enable embedding' });
    expect(server.find('DELETE', '/api/v1/dashboard/4/embedded')).toHaveLength(1);
    expect(within(dialog).queryByRole('textbox', { name: 'Embedded id' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Allowed domains' })));

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More dashboard actions' }));
  });

  it("shows the server's refusal and why embedding is unavailable", async () => {
    const server = embeddingServer(null, {
      routes: { 'PUT /api/v1/dashboard/4/embedded': () => reply(400, { message: 'allowed_domains[0]: https://x.example.com must be an origin without a path, query or fragment' }) },
    });
    await renderDashboard(server);
    let dialog = await openEmbedDialog();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Allowed domains' }), { target: { value: 'https://x.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable embedding' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('must be an origin without a path');
    cleanup();

    const disabled = salesServer({ routes: { 'GET /api/v1/dashboard/4/embedded': () => reply(404, { message: 'Embedded dashboards are disabled on this server (feature flag EmbeddedSuperset)' }) } });
    await renderDashboard(disabled);
    dialog = await openEmbedDialog();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('feature flag EmbeddedSuperset');
    expect(within(dialog).queryByRole('button', { name: 'Enable embedding' })).toBeNull();
  });

  it('is offered to editors only: never to a viewer without edit rights nor to a guest', async () => {
    await renderDashboard(embeddingServer(null, { user: VIEWER }));
    expect(await menuItems()).not.toContain('Embed dashboard');
    cleanup();
    await renderDashboard(embeddingServer(null), 'guest');
    expect(await menuItems()).not.toContain('Embed dashboard');
  });
});
