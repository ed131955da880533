import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFileName } from '../chart/download-chart-image';
import { createToastStore } from '../components/toast-store';
import { ExploreView } from './explore-view';
import { baseRoutes, createFakeServer, newRegistry } from './test-support';

// happy-dom cannot paint a PNG (test/e2e/dashboard.test.ts checks a real one in Chromium): the renderer is
// replaced, as in dashboard/chart-image-download.test.tsx, to check what Explore hands it.
const domToBlob = vi.hoisted(() => vi.fn(async (_node: Node, _options: { type?: string; backgroundColor?: string }) => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })));
vi.mock('modern-screenshot', () => ({ domToBlob }));

const CHART_7 = {
  id: 7,
  slice_name: 'Births by gender',
  viz_type: 'table',
  params: JSON.stringify({ datasource: '1__table', viz_type: 'table', metrics: ['sum__num'], groupby: ['gender'] }),
  datasource_id: 1,
  datasource_type: 'table',
  owners: [{ id: 1 }],
  dashboards: [],
};

const clicks: { download: string; href: string }[] = [];
beforeEach(() => {
  clicks.length = 0;
  domToBlob.mockClear();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderSavedChart = () => {
  const server = createFakeServer(baseRoutes({ 'GET /api/v1/chart/7': () => ({ result: CHART_7 }) }));
  const toasts = createToastStore();
  render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search="?slice_id=7" toasts={toasts} />);
  return toasts;
};

describe('Explore: Download as image', () => {
  it('renders the drawn chart to a PNG named after the chart once it has drawn', async () => {
    renderSavedChart();
    const button = await screen.findByRole('button', { name: 'Download as image' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    // The saved chart's query ran and the table drew its rows into the chart host.
    const host = document.querySelector<HTMLElement>('.bi-chart-area__host')!;
    expect(host.dataset.chartStatus).toBe('rendered');
    expect(host.textContent).toContain('girl');
    fireEvent.click(button);
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [node, options] = domToBlob.mock.calls[0];
    expect(node).toBe(host);
    expect(options.type).toBe('image/png');
    expect(clicks[0].download).toBe(imageFileName('Births by gender'));
    expect(clicks[0].href).toMatch(/^blob:/);
  });

  it('reports a rendering failure as a toast and downloads nothing', async () => {
    domToBlob.mockRejectedValueOnce(new Error('canvas is tainted'));
    const toasts = renderSavedChart();
    const button = await screen.findByRole('button', { name: 'Download as image' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text).join(' ')).toMatch(/canvas is tainted/));
    expect(clicks).toHaveLength(0);
  });
});
