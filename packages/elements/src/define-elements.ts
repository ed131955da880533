import { BiChartElement } from './chart-element';
import { BiDashboardElement } from './dashboard-element';
import { BiSqlLabElement } from './sqllab-element';

/** The elements by tag name. */
export const ELEMENTS = {
  'bi-dashboard': BiDashboardElement,
  'bi-chart': BiChartElement,
  'bi-sqllab': BiSqlLabElement,
} as const;

export type ElementTagName = keyof typeof ELEMENTS;

/**
 * Registers the elements (all, or the named ones) with a custom-element registry. A tag that is already
 * defined is left alone, so two copies of the bundle on one page do not throw.
 *
 * @example
 * import { defineElements } from '@lumen-bi/elements';
 * defineElements(); // <bi-dashboard>, <bi-chart>, <bi-sqllab>
 * defineElements({ only: ['bi-chart'] });
 */
export function defineElements(options: { only?: readonly ElementTagName[]; registry?: CustomElementRegistry } = {}): void {
  const registry = options.registry ?? customElements;
  for (const tag of options.only ?? (Object.keys(ELEMENTS) as ElementTagName[])) {
    if (!registry.get(tag)) registry.define(tag, ELEMENTS[tag]);
  }
}
