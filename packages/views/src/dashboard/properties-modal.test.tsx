import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { risonDecode } from '@lumen-bi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The rison `q` a call was made with. */
function qOf(url: string): Record<string, unknown> {
  const q = new URL(url).searchParams.get('q');
  return q ? (risonDecode(q) as Record<string, unknown>) : {};
}

/**
 * A related endpoint as the server answers it: case-insensitive `filter` on the name, `page`/`page_size`
 * paging, and chosen `include_ids` prepended on page 0 (packages/server/src/resources/related.ts).
 */
function related(rows: { value: number; text: string }[]) {
  return ({ url }: { url: string }) => {
    const q = qOf(url);
    const filter = String(q.filter ?? '').toLowerCase();
    const size = Number(q.page_size ?? 100);
    const page = Number(q.page ?? 0);
    const matching = rows.filter((r) => r.text.toLowerCase().includes(filter));
    const result = matching.slice(page * size, (page + 1) * size);
    const include = page === 0 ? ((q.include_ids as number[] | undefined) ?? []).filter((id) => !result.some((r) => r.value === id)) : [];
    return { count: matching.length, result: [...rows.filter((r) => include.includes(r.value)), ...result] };
  };
}

function server(puts: unknown[]) {
  return salesServer({
    routes: {
      'GET /api/v1/dashboard/related/owners': related([{ value: 1, text: 'Ada Admin' }, { value: 2, text: 'Bob Builder' }, { value: 3, text: 'Cy Coder' }]),
      'GET /api/v1/dashboard/related/roles': related([{ value: 4, text: 'Gamma' }, { value: 5, text: 'Sales team' }]),
      'GET /api/v1/tag/': ({ url }: { url: string }) => {
        const filters = (qOf(url).filters ?? []) as { col: string; opr: string; value: unknown }[];
        const name = filters.find((f) => f.col === 'name' && f.opr === 'ct')?.value as string | undefined;
        const tags = [{ id: 7, name: 'finance' }, { id: 8, name: 'ops' }].filter((t) => !name || t.name.includes(name));
        return { count: tags.length, result: tags };
      },
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
    await waitFor(() => expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cy Coder']));
    fireEvent.change(owners, { target: { value: '' } });
    await pick(dialog, 'Roles', 'sales', 'Sales team');
    await pick(dialog, 'Tags', 'fin', 'finance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada Admin' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ owners: [2], roles: [5], tags: [7] });
  });

  it('searches owners on the server, finding a user beyond the first page of 100', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const users = Array.from({ length: 150 }, (_, i) => ({ value: i + 1, text: `User ${String(i + 1).padStart(3, '0')}` }));
    const puts: unknown[] = [];
    const fake = salesServer({
      routes: {
        'GET /api/v1/dashboard/related/owners': related(users),
        'PUT /api/v1/dashboard/4': ({ body }) => {
          puts.push(body);
          return { id: 4, result: {} };
        },
      },
    });
    render(<DashboardView api={{ ...fake.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit properties' }));
    const dialog = await screen.findByRole('dialog');
    const owners = within(dialog).getByRole('combobox', { name: 'Owners' });
    fireEvent.focus(owners);
    // The unfiltered list holds one page: user 142 is not in it, so a client-side search could never find it.
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(99)); // 100 less the chosen User 001
    expect(within(dialog).queryByRole('option', { name: 'User 142' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Load more' })).toBeTruthy();

    fireEvent.change(owners, { target: { value: 'user 142' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'User 142' }));
    const searches = fake.calls.filter((c) => c.path === '/api/v1/dashboard/related/owners').map((c) => qOf(c.url));
    expect(searches.at(-1)).toMatchObject({ filter: 'user 142', page: 0, page_size: 100 });
    // Debounced: typing the whole text at once sends one search, not one per keystroke.
    expect(searches.filter((q) => q.filter)).toHaveLength(1);
    // The chosen owner keeps its server-given name after the search replaced the options.
    expect(within(dialog).getByRole('button', { name: 'Remove User 001' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ owners: [1, 142] });
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
