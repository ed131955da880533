import type { EmbedError } from './embed-error';

const HEADLINES: Partial<Record<string, string>> = {
  NETWORK: 'The Lumen server cannot be reached.',
  ORIGIN_NOT_ALLOWED: 'This page is not allowed to embed this content.',
  NOT_FOUND: 'This dashboard or chart does not exist.',
};

/**
 * Replaces the iframe whose Lumen page never ran (server down, or framing refused) with a panel naming the cause: the iframe would show
 * only the browser's own error page (or stay blank), which tells the viewer nothing.
 *
 * @example
 * showUnreachablePanel(mountPoint, new EmbedError('NETWORK', 'The Lumen server at https://bi.example.com did not answer'));
 */
export function showUnreachablePanel(mountPoint: HTMLElement, error: EmbedError): void {
  const panel = mountPoint.ownerDocument.createElement('div');
  panel.setAttribute('role', 'alert');
  panel.dataset.code = error.code;
  panel.className = 'lumen-embed-error';
  panel.style.cssText = 'padding:16px;font:14px/1.4 system-ui,sans-serif;color:#8a1c1c;background:#fdf0f0;border:1px solid #f0c4c4;border-radius:4px;';
  const headline = HEADLINES[error.code] ?? 'The embedded content could not load.';
  panel.textContent = `${headline} ${error.message}`;
  mountPoint.replaceChildren(panel);
}
