import { expect } from 'vitest';
import type { Frame, Locator } from 'playwright-core';

/**
 * Waits until the charts in view have drawn (or failed) and none is loading, and returns how many drew.
 * Charts below the fold stay idle until scrolled to (dashboards load them lazily), so they are not waited
 * for; an element scope is scrolled to its top first so that its first charts are in view.
 */
export async function chartsRendered(scope: Locator | Frame, timeout: number): Promise<number> {
  const charts = scope.locator('[data-chart-status]');
  await charts.first().waitFor({ state: 'attached', timeout });
  if ('scrollIntoViewIfNeeded' in scope) await scope.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  let rendered = 0;
  await expect
    .poll(
      async () => {
        const states = await charts.evaluateAll((els) =>
          els.map((el) => {
            const rect = el.getBoundingClientRect();
            return { status: el.getAttribute('data-chart-status') ?? '', inView: rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight };
          }),
        );
        const busy = states.filter(({ status, inView }) => !['rendered', 'failed', 'stopped'].includes(status) && (status !== 'idle' || inView));
        rendered = states.filter(({ status }) => status === 'rendered').length;
        return busy.length === 0 && rendered > 0;
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return rendered;
}
