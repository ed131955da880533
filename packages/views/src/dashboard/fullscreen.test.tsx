/**
 * "Enter full screen" in the header's "..." menu, with the Fullscreen API played by a fake that behaves as
 * the browser's does (the fullscreen element per document or shadow root, a fullscreenchange event on the
 * document for every change).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overlayRoot } from '../components/portal';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';
import { isFullscreen } from './use-fullscreen';

let enabled = true;
let current: Element | null = null;

/** The element in full screen as its root (document or shadow root) names it: retargeted to the host outside a shadow root. */
function fullscreenElementOf(root: Document | ShadowRoot): Element | null {
  let node = current;
  while (node && node.getRootNode() !== root) node = (node.getRootNode() as ShadowRoot).host ?? null;
  return node;
}

function change(next: Element | null) {
  current = next;
  document.dispatchEvent(new Event('fullscreenchange'));
}

beforeEach(() => {
  enabled = true;
  current = null;
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => enabled });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElementOf(document) });
  Object.defineProperty(ShadowRoot.prototype, 'fullscreenElement', { configurable: true, get() { return fullscreenElementOf(this as ShadowRoot); } });
  HTMLElement.prototype.requestFullscreen = vi.fn(async function (this: HTMLElement) {
    change(this);
  });
  document.exitFullscreen = vi.fn(async () => change(null));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderSales(guest = false) {
  vi.stubGlobal('IntersectionObserver', undefined);
  const server = salesServer();
  render(<DashboardView api={guest ? server.client : { ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
  await screen.findByRole('button', { name: 'Refresh dashboard' });
}

function openMenu(): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'More dashboard actions' }));
  return screen.getByRole('menu', { name: 'Dashboard actions' });
}

describe('full screen', () => {
  it('puts the dashboard root in full screen, follows fullscreenchange in its label, and keeps the menu inside it', async () => {
    await renderSales();
    fireEvent.click(within(openMenu()).getByRole('menuitem', { name: 'Enter full screen' }));
    const root = document.querySelector('.bi-dash')!;
    await waitFor(() => expect(document.fullscreenElement).toBe(root));
    expect(HTMLElement.prototype.requestFullscreen).toHaveBeenCalledTimes(1);

    // The menu opened in full screen is drawn inside the dashboard, the one element the browser shows.
    const menu = openMenu();
    expect(root.contains(menu)).toBe(true);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Exit full screen' }));
    await waitFor(() => expect(document.fullscreenElement).toBeNull());

    // Leaving by the browser's own means (Escape) turns the label back too.
    fireEvent.click(within(openMenu()).getByRole('menuitem', { name: 'Enter full screen' }));
    await waitFor(() => expect(document.fullscreenElement).toBe(root));
    change(null);
    expect(within(openMenu()).getByRole('menuitem', { name: 'Enter full screen' })).toBeTruthy();
  });

  it('is offered to guests, and to no one where the browser does not allow full screen', async () => {
    await renderSales(true);
    expect(within(openMenu()).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Enter full screen']);
    cleanup();
    enabled = false;
    await renderSales(true);
    expect(screen.queryByRole('button', { name: 'More dashboard actions' })).toBeNull();
  });

  it('finds the element in full screen inside a shadow root, where overlays then go', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const dashboard = document.createElement('div');
    const inner = document.createElement('span');
    dashboard.append(inner);
    shadow.append(dashboard);
    expect(overlayRoot(inner)).toBe(shadow);
    change(dashboard);
    expect(isFullscreen(dashboard)).toBe(true);
    // The document sees only the shadow host, as in a browser.
    expect(document.fullscreenElement).toBe(host);
    expect(overlayRoot(inner)).toBe(dashboard);
    change(null);
    expect(isFullscreen(dashboard)).toBe(false);
    host.remove();
  });
});
