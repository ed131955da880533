/**
 * The dashboard's "Download as image" and "Download as PDF": a picture of its grid (the active tabs, every
 * chart drawn, controls left out) made in the browser with the charts' image code (download-chart-image.ts,
 * modern-screenshot), saved as a PNG or placed on one PDF page by jsPDF. Imported on first use, and jsPDF
 * only for a PDF, so no viewer's first load carries either.
 */
import { datedFileName, renderElementImage, saveBlob } from '../chart/download-chart-image';
import type { DashboardStore } from './dashboard-store';

/** A chart that has drawn, failed or been stopped: nothing more will change in its picture. */
const SETTLED = new Set(['rendered', 'failed', 'stopped']);
/** How long charts outside the viewport may take to draw before the picture is taken anyway. */
export const CHARTS_SETTLE_TIMEOUT_MS = 60_000;
const POLL_MS = 200;
/** CSS pixels to PDF points. */
const PT_PER_PX = 0.75;
/** The largest page side PDF readers accept (Acrobat's limit, 200 inches). */
export const PDF_MAX_SIDE_PT = 14_400;

/** Resolves once every chart under `grid` has settled, or after `timeoutMs` (what is drawn then is taken). */
export async function chartsSettled(grid: HTMLElement, timeoutMs = CHARTS_SETTLE_TIMEOUT_MS): Promise<void> {
  const view = grid.ownerDocument.defaultView ?? globalThis;
  const deadline = Date.now() + timeoutMs;
  const unsettled = () => [...grid.querySelectorAll('[data-chart-status]')].some((chart) => !SETTLED.has(chart.getAttribute('data-chart-status') ?? ''));
  while (unsettled() && Date.now() < deadline) await new Promise((resolve) => view.setTimeout(resolve, POLL_MS));
}

/**
 * The grid's picture with every chart of the shown tabs drawn: charts below the fold, which a dashboard
 * queries only when scrolled to, are asked to load first.
 */
async function gridPicture(store: DashboardStore, grid: HTMLElement): Promise<Blob> {
  store.loadAllCharts.value = true;
  // The charts just enabled render on the next frame: let them start before looking at their states.
  await new Promise((resolve) => (grid.ownerDocument.defaultView ?? globalThis).setTimeout(resolve, 0));
  await chartsSettled(grid);
  return renderElementImage(grid, { subject: 'dashboard' });
}

/**
 * A PDF page of the grid's size in points, scaled down to PDF's largest side for a very long dashboard.
 *
 * @example
 * pdfPageSize(1200, 800); // { width: 900, height: 600 }
 */
export function pdfPageSize(widthPx: number, heightPx: number): { width: number; height: number } {
  const scale = Math.min(PT_PER_PX, PDF_MAX_SIDE_PT / Math.max(widthPx, heightPx, 1));
  return { width: Math.max(1, widthPx * scale), height: Math.max(1, heightPx * scale) };
}

/**
 * Downloads the dashboard's grid as `{title}-{yyyy-mm-dd}.png` or `.pdf` (the picture filling one page).
 *
 * @example
 * await downloadDashboard(store, gridElement, 'Sales Dashboard', 'pdf');
 */
export async function downloadDashboard(store: DashboardStore, grid: HTMLElement, title: string, format: 'png' | 'pdf'): Promise<void> {
  const fileName = datedFileName(title, format, new Date(), 'dashboard');
  if (format === 'png') {
    saveBlob(grid.ownerDocument, await gridPicture(store, grid), fileName);
    return;
  }
  const [picture, { jsPDF }] = await Promise.all([gridPicture(store, grid), import('jspdf')]);
  // Measured once the charts have drawn: the grid's size is the picture's, at its pixel density.
  const { width, height } = grid.getBoundingClientRect();
  const page = pdfPageSize(width, height);
  const pdf = new jsPDF({ orientation: page.width > page.height ? 'landscape' : 'portrait', unit: 'pt', format: [page.width, page.height], compress: true });
  pdf.setProperties({ title });
  pdf.addImage(new Uint8Array(await picture.arrayBuffer()), 'PNG', 0, 0, page.width, page.height);
  saveBlob(grid.ownerDocument, pdf.output('blob'), fileName);
}
