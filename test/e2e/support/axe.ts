/** axe-core in the browser tests: WCAG 2 A and AA rules, serious and critical violations as readable lines. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Where axe looks: the whole document (undefined), the first element a selector matches, or a selector list
 * that crosses into a shadow root (['#host', '.inside']).
 */
export type AxeScope = string | string[] | undefined;

/**
 * The serious and critical WCAG 2 A/AA violations in `scope`, one line per offending node
 * ('color-contrast (serious) at .bi-button: ...'); [] when there are none.
 *
 * @example
 * expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
 */
export async function seriousViolations(page: Page, scope?: AxeScope): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (scope) => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const context = scope === undefined ? document : Array.isArray(scope) ? { include: [scope] } : document.querySelector(scope);
    if (!context) throw new Error(`axe: nothing matches ${String(scope)}`);
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`));
  }, scope);
}
