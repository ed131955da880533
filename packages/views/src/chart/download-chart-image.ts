/**
 * "Download as image": a chart's DOM (title, uPlot <canvas>, SVG, tables) rendered to a PNG in the
 * browser. modern-screenshot does the rendering (canvases copied as bitmaps, styles inlined, nodes inside
 * shadow roots cloned, so it works in <bi-dashboard>'s shadow root and in the embedded iframe); it is
 * imported on first use only, so viewers who never download an image never load it.
 */

/** Elements left out of the picture: menus and edit handles are controls, not content. */
export const IMAGE_EXCLUDED_SELECTOR = '.bi-dash-menu, .bi-dash-edit-controls, .bi-dash-resize-handle, [data-image-exclude]';

/** 'Sales by Country' on 2024-03-01 -> 'sales-by-country-2024-03-01.png' (the incumbent's file stem). */
export function imageFileName(title: string, date: Date = new Date()): string {
  const stem =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'chart';
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `${stem}-${day}.png`;
}

const isTransparent = (color: string) => !color || color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color.replace(/\s+/g, ' '));

/**
 * The colour the chart is seen on: its own background or the first opaque one above it, crossing shadow
 * roots to their host. Charts are mostly transparent; a PNG with a transparent background would show
 * dark text on black in many image viewers.
 */
export function visibleBackground(element: Element): string {
  const view = element.ownerDocument.defaultView;
  let node: Element | null = element;
  while (node && view) {
    const color = view.getComputedStyle(node).backgroundColor;
    if (!isTransparent(color)) return color;
    const parent: Node | null = node.parentNode;
    node = parent instanceof Element ? parent : parent && 'host' in parent ? (parent as ShadowRoot).host : null;
  }
  return '#ffffff';
}

/** Saves a blob under a file name through a temporary link (works from shadow roots and iframes allowing downloads). */
export function saveBlob(doc: Document, blob: Blob, fileName: string): void {
  const view = doc.defaultView ?? globalThis;
  const href = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // Bound: a bare method reference of window throws "Illegal invocation" in browsers.
  view.setTimeout.bind(view)(() => URL.revokeObjectURL(href), 1000);
}

export interface ChartImageOptions {
  /** Pixel density of the PNG; the screen's by default, at least 2 so text stays sharp when zoomed. */
  scale?: number;
}

/**
 * Renders `element` to a PNG and downloads it as `fileName`.
 *
 * @example
 * await downloadChartImage(holderElement, imageFileName('Sales by Country'));
 */
export async function downloadChartImage(element: HTMLElement, fileName: string, options: ChartImageOptions = {}): Promise<Blob> {
  const { domToBlob } = await import('modern-screenshot');
  const view = element.ownerDocument.defaultView;
  const blob = await domToBlob(element, {
    type: 'image/png',
    backgroundColor: visibleBackground(element),
    scale: options.scale ?? Math.max(2, view?.devicePixelRatio ?? 1),
    filter: (node) => !(node.nodeType === 1 && (node as Element).matches(IMAGE_EXCLUDED_SELECTOR)),
  });
  if (!blob || blob.size === 0) throw new Error('The chart could not be rendered as an image');
  saveBlob(element.ownerDocument, blob, fileName);
  return blob;
}
