/**
 * Offers bytes as a file download through a temporary object URL (revoked once the browser has taken it).
 * Does nothing without a document (server rendering).
 *
 * @example
 * saveFile(new Blob([json], { type: 'application/json' }), 'Sales.json');
 */
export function saveFile(blob: Blob, filename: string): void {
  const doc = (globalThis as { document?: Document }).document;
  if (!doc) return;
  const href = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
