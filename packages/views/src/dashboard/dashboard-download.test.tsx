/**
 * The dashboard's "Download as image" and "Download as PDF". The renderer (modern-screenshot) and jsPDF need
 * a browser's canvas: here only what the menu hands them is checked; test/e2e/dashboard-header-actions.test.ts
 * checks the real PNG and PDF in Chromium.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { datedFileName } from '../chart/download-chart-image';
import { salesServer } from './dashboard-test-support';
import { pdfPageSize, PDF_MAX_SIDE_PT } from './dashboard-download';
import { DashboardView } from './dashboard-view';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
/** What each picture was taken of, and how many charts had not drawn yet at that moment. */
const pictures: { node: Element; idleCharts: number }[] = [];
const domToBlob = vi.hoisted(() => vi.fn());
vi.mock('modern-screenshot', () => ({ domToBlob }));

const pdfs = vi.hoisted(() => [] as { options: Record<string, unknown>; images: unknown[][]; title?: string }[]);
vi.mock('jspdf', () => ({
  jsPDF: class {
    record: (typeof pdfs)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, images: [] };
      pdfs.push(this.record);
    }
    setProperties(properties: { title: string }) {
      this.record.title = properties.title;
    }
    addImage(...args: unknown[]) {
      this.record.images.push(args);
    }
    output() {
      return new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    }
  },
}));

const saved: { download: string; href: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  pictures.length = 0;
  pdfs.length = 0;
  domToBlob.mockReset();
  domToBlob.mockImplementation(async (node: Element) => {
    pictures.push({ node, idleCharts: node.querySelectorAll('[data-chart-status="idle"]').length });
    return new Blob([PNG], { type: 'image/png' });
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
  // Charts below the fold: an observer that never reports them in view, so they wait until asked.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderSales(guest = false) {
  const server = salesServer();
  render(<DashboardView api={guest ? server.client : { ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
  await screen.findByRole('button', { name: 'Refresh dashboard' });
  await waitFor(() => expect(document.querySelectorAll('[data-chart-status]').length).toBeGreaterThan(0));
}

function choose(label: string) {
  fireEvent.click(screen.getByRole('button', { name: 'More dashboard actions' }));
  fireEvent.click(within(screen.getByRole('menu', { name: 'Dashboard actions' })).getByRole('menuitem', { name: label }));
}

describe('dashboard downloads', () => {
  it('saves a PNG of the grid once every chart of the shown tab has loaded, those below the fold included', async () => {
    await renderSales(true);
    // Nothing in view: every chart waits.
    expect(document.querySelectorAll('[data-chart-status="idle"]').length).toBe(document.querySelectorAll('[data-chart-status]').length);
    choose('Download as image');
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(pictures).toHaveLength(1);
    expect(pictures[0].node).toBe(document.querySelector('.bi-dash-main'));
    expect(pictures[0].idleCharts).toBe(0);
    expect(saved[0].download).toBe(datedFileName('Sales Dashboard', 'png'));
  });

  it('places the picture on one PDF page of the grid’s size, loading jsPDF only then', async () => {
    await renderSales();
    choose('Download as PDF');
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0].download).toBe(datedFileName('Sales Dashboard', 'pdf'));
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toMatchObject({ options: { unit: 'pt' }, title: 'Sales Dashboard' });
    const [image, format, x, y] = pdfs[0].images[0];
    expect([format, x, y]).toEqual(['PNG', 0, 0]);
    expect([...(image as Uint8Array)]).toEqual([...PNG]);
  });

  it('reports a picture that cannot be made', async () => {
    domToBlob.mockImplementation(async () => new Blob([]));
    await renderSales();
    choose('Download as image');
    expect(await screen.findByText('The dashboard could not be rendered as an image', {}, { timeout: 10_000 })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('sizes the PDF page in points, a very long dashboard scaled to PDF’s largest side', () => {
    expect(pdfPageSize(1200, 800)).toEqual({ width: 900, height: 600 });
    const long = pdfPageSize(1000, 40_000);
    expect(long.height).toBeCloseTo(PDF_MAX_SIDE_PT);
    expect(long.width).toBeCloseTo(360);
    expect(datedFileName('!!!', 'pdf', new Date(2024, 0, 2), 'dashboard')).toBe('dashboard-2024-01-02.pdf');
  });
});
