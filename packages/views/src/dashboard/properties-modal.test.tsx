import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(puts: unknown[]) {
  return salesServer({
    routes: {
      'GET /api/v1/dashboard/related/owners': () => ({ count: 3, result: [{ value: 1, text: 'Ada Admin' }, { value: 2, text: 'Bob Builder' }, { value: 3, text: 'Cy Coder' }] }),
      'GET /api/v1/dashboard/related/roles': () => ({ count: 2, result: [{ value: 4, text: 'Gamma' }, { value: 5, text: 'Sales team' }] }),
      'GET /api/v1/tag/': () => ({ count: 2, result: [{ id: 7, name: 'finance' }, { id: 8, name: 'ops' }] }),
      'PUT /api/v1/dashboard/4': ({ body }) => {
        puts.push(body);
        return { id: 4, result: {} };
      },
    },
  });
}

async function pick(dialog: HTMLElement, label: string, text: string, option: string) {
  const box = within(dialog).getByRole('combobox', { name: label });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(await within(dialog).findByRole('option', { name: option }));
}

describe('dashboard properties pickers', () => {
  it('picks owners, roles and tags by name from the related and tag endpoints and saves their ids', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const puts: unknown[] = [];
    const fake = server(puts);
    render(<DashboardView api={{ ...fake.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} featureFlags={{ DashboardRbac: true, TaggingSystem: true }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit properties' }));
    const dialog = await screen.findByRole('dialog');
    // The current owner is shown by name once the related list answers, not as an id.
    await within(dialog).findByText('Ada Admin');
    expect(decodeURIComponent(fake.calls.find((c) => c.path === '/api/v1/dashboard/related/owners')!.url)).toContain('include_ids:!(1)');

    await pick(dialog, 'Owners', 'bob', 'Bob Builder');
    // Search narrows the options by name.
    const owners = within(dialog).getByRole('combobox', { name: 'Owners' });
    fireEvent.focus(owners);
    fireEvent.change(owners, { target: { value: 'cy' } });
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cy Coder']);
    fireEvent.change(owners, { target: { value: '' } });
    await pick(dialog, 'Roles', 'sales', 'Sales team');
    await pick(dialog, 'Tags', 'fin', 'finance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada Admin' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ owners: [2], roles: [5], tags: [7] });
  });

  it('offers no role or tag picker without their feature flags, and reports a failed list', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const fake = salesServer({ routes: { 'GET /api/v1/dashboard/related/owners': () => ({ __reply: true, status: 500, body: { message: 'related is down' } }) } });
    render(<DashboardView api={{ ...fake.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit properties' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Owners' })).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Roles' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'Tags' })).toBeNull();
    expect(await within(dialog).findByText(/related is down/)).toBeTruthy();
    expect(fake.calls.some((c) => c.path === '/api/v1/tag/' || c.path.endsWith('/related/roles'))).toBe(false);
  });
});
