import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAutoHeight } from './auto-height';

describe('startAutoHeight', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const iframeHeight = (iframe: HTMLIFrameElement) => Number.parseFloat(iframe.style.height || '0');

  it('does not grow forever when the content follows the iframe height', async () => {
    const iframe = document.createElement('iframe');
    // body { height: 100% } plus margins: the guest reports the viewport height + 16 px.
    const measure = vi.fn(async () => ({ width: 800, height: Math.max(300, iframeHeight(iframe) + 16) }));
    const auto = startAutoHeight(iframe, measure, { intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(measure.mock.calls.length).toBeGreaterThan(40);
    const settled = iframeHeight(iframe);
    expect(settled).toBeLessThanOrEqual(332);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(iframeHeight(iframe)).toBe(settled);
    auto.stop();
  });

  it('follows real content changes, ignoring 1 px jitter', async () => {
    const iframe = document.createElement('iframe');
    let content = 640;
    const auto = startAutoHeight(iframe, async () => ({ width: 800, height: content }), { intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(iframe.style.height).toBe('640px');
    content = 641;
    await vi.advanceTimersByTimeAsync(200);
    expect(iframe.style.height).toBe('640px');
    content = 900;
    await vi.advanceTimersByTimeAsync(200);
    expect(iframe.style.height).toBe('900px');
    content = 400;
    await vi.advanceTimersByTimeAsync(200);
    expect(iframe.style.height).toBe('400px');
    auto.stop();
    content = 1000;
    await vi.advanceTimersByTimeAsync(500);
    expect(iframe.style.height).toBe('400px');
  });

  it('keeps polling through failed measurements', async () => {
    const iframe = document.createElement('iframe');
    let fail = true;
    const auto = startAutoHeight(iframe, async () => {
      if (fail) throw new Error('not ready');
      return { width: 1, height: 500 };
    }, { intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(300);
    expect(iframe.style.height).toBe('');
    fail = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(iframe.style.height).toBe('500px');
    auto.stop();
  });
});
