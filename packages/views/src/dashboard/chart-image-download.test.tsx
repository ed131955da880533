import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFileName, visibleBackground } from '../chart/download-chart-image';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';

// The real renderer needs a browser's canvas (test/e2e/dashboard.test.ts checks the PNG in Chromium); here
// only what the menu hands it is checked.
const domToBlob = vi.hoisted(() => vi.fn(async (_node: Node, _options: { filter?: (node: Node) => boolean; backgroundColor?: string; type?: string }) => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })));
vi.mock('modern-screenshot', () => ({ domToBlob }));

const clicks: { download: string; href: string }[] = [];
beforeEach(() => {
  clicks.length = 0;
  domToBlob.mockClear();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href });
  });
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The first chart's '⋯' trigger once its menu has loaded (a disabled placeholder holds its place until then). */
async function loadedMenuButton(): Promise<HTMLElement> {
  return waitFor(() => {
    const [button] = screen.getAllByRole('button', { name: /^More options for / });
    if (!button || (button as HTMLButtonElement).disabled) throw new Error('the chart menu is still loading');
    return button;
  });
}

describe('Download as image', () => {
  it('names the file after the chart title and the day', () => {
    expect(imageFileName('Sales by Country (€)', new Date(2024, 2, 1))).toBe('sales-by-country-2024-03-01.png');
    expect(imageFileName('🎯', new Date(2024, 11, 31))).toBe('chart-2024-12-31.png');
  });

  it('uses the first opaque background above the chart, white when there is none', () => {
    const outer = document.createElement('div');
    outer.style.backgroundColor = 'rgb(10, 20, 30)';
    const inner = document.createElement('div');
    outer.appendChild(inner);
    document.body.appendChild(outer);
    expect(visibleBackground(inner)).toBe('rgb(10, 20, 30)');
    outer.remove();
    const lone = document.createElement('div');
    document.body.appendChild(lone);
    expect(visibleBackground(lone)).toBe('#ffffff');
    lone.remove();
  });

  it('is offered to a viewer without can_csv and renders the whole chart holder, menu left out', async () => {
    const viewer = { id: 9, username: 'v', first_name: '', last_name: '', email: '', is_active: true, roles: { Gamma: [['can_read', 'Dashboard']] as [string, string][] } };
    const server = salesServer({ user: viewer });
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    const menuButton = await loadedMenuButton();
    const holder = menuButton.closest<HTMLElement>('.bi-dash-chart')!;
    const title = holder.querySelector('.bi-dash-chart__title')!.textContent!;
    fireEvent.click(menuButton);
    expect(screen.queryByRole('menuitem', { name: 'Download as CSV' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download as image' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [node, options] = domToBlob.mock.calls[0];
    expect(node).toBe(holder);
    expect(options.type).toBe('image/png');
    expect(options.backgroundColor).toBeTruthy();
    expect(options.filter!(holder.querySelector('.bi-dash-menu')!)).toBe(false);
    expect(options.filter!(holder.querySelector('.bi-dash-chart__title')!)).toBe(true);
    expect(clicks[0].download).toBe(imageFileName(title));
    expect(clicks[0].href).toMatch(/^blob:/);
  });

  it('reports a rendering failure as a toast', async () => {
    domToBlob.mockRejectedValueOnce(new Error('canvas is tainted'));
    const server = salesServer();
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    const menuButton = await loadedMenuButton();
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download as image' }));
    expect(await screen.findByText(/canvas is tainted/)).toBeTruthy();
    expect(clicks).toHaveLength(0);
  });
});
