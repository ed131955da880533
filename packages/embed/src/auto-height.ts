import type { ScrollSize } from '@lumen-bi/core';

export interface AutoHeightOptions {
  /** Poll interval, ms (default 500). */
  intervalMs?: number;
  /** Lower bound of the iframe height, px (default 0). */
  minHeight?: number;
}

export interface AutoHeightHandle {
  stop(): void;
  /** One measurement now (tests and hosts that know the content changed). */
  tick(): Promise<void>;
}

/**
 * Sizes the iframe to the guest's content height, polling getScrollSize. Guards against the incumbent's
 * grow-forever loop (content measured as "viewport + margin" grows every time the iframe grows):
 * - it reacts only when the reported content height changed by more than 1 px since the last report;
 * - a change equal to the iframe's own last resize is recognised as caused by that resize and ignored.
 *
 * @example
 * const auto = startAutoHeight(iframe, () => channel.get('getScrollSize'), { intervalMs: 300 });
 * // later: auto.stop();
 */
export function startAutoHeight(iframe: HTMLIFrameElement, measure: () => Promise<ScrollSize>, options: AutoHeightOptions = {}): AutoHeightHandle {
  const intervalMs = options.intervalMs ?? 500;
  const minHeight = options.minHeight ?? 0;
  let lastContent: number | null = null;
  let ownResizeDelta: number | null = null;
  let iframeHeight = iframe.getBoundingClientRect().height || 0;
  let stopped = false;
  let busy = false;

  const apply = (height: number) => {
    const next = Math.max(minHeight, Math.ceil(height));
    if (Math.abs(next - iframeHeight) <= 1) return;
    ownResizeDelta = next - iframeHeight;
    iframeHeight = next;
    iframe.style.height = `${next}px`;
  };

  const tick = async () => {
    if (stopped || busy) return;
    busy = true;
    try {
      const { height } = await measure();
      if (stopped || typeof height !== 'number' || !Number.isFinite(height)) return;
      if (lastContent === null) {
        lastContent = height;
        apply(height);
        return;
      }
      const change = height - lastContent;
      if (Math.abs(change) <= 1) return;
      lastContent = height;
      if (ownResizeDelta !== null && Math.abs(change - ownResizeDelta) <= 1) {
        // The content grew (or shrank) exactly as much as we resized the iframe: it follows the viewport.
        ownResizeDelta = null;
        return;
      }
      apply(height);
    } catch {
      // The guest is reloading or does not answer getScrollSize yet: measure again on the next tick.
    } finally {
      busy = false;
    }
  };

  const interval = setInterval(() => void tick(), intervalMs);
  void tick();
  return {
    stop() {
      stopped = true;
      clearInterval(interval);
    },
    tick,
  };
}
