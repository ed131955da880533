/**
 * Test support: the files a view hands the browser to save (an object URL clicked on an <a download>), kept
 * instead of saved, with the bytes behind each URL. jsdom has no object URLs and would navigate on click.
 */
import { vi } from 'vitest';

export interface CapturedDownload {
  download: string;
  blob: Blob;
}

/**
 * Call in beforeEach (vi.restoreAllMocks() in afterEach undoes it); the returned list fills as the view
 * saves files.
 *
 * @example
 * let saved: CapturedDownload[];
 * beforeEach(() => { saved = captureDownloads(); });
 * expect(saved[0].download).toBe('chart_12.xlsx');
 */
export function captureDownloads(): CapturedDownload[] {
  const saved: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return saved;
}
