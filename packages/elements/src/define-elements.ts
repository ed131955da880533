import { chartElementClass, type BiChartElement } from './chart-element';
import { dashboardElementClass, type BiDashboardElement } from './dashboard-element';
import { defineElement } from './define-element';
import { sqlLabElementClass, type BiSqlLabElement } from './sqllab-element';

/** The element classes by tag name; each is created on first access (never at import: SSR-safe). */
export const ELEMENTS: {
  readonly 'bi-dashboard': new () => BiDashboardElement;
  readonly 'bi-chart': new () => BiChartElement;
  readonly 'bi-sqllab': new () => BiSqlLabElement;
} = {
  get 'bi-dashboard'() {
    return dashboardElementClass();
  },
  get 'bi-chart'() {
    return chartElementClass();
  },
  get 'bi-sqllab'() {
    return sqlLabElementClass();
  },
};

export type ElementTagName = keyof typeof ELEMENTS;

const CLASSES: Record<ElementTagName, () => CustomElementConstructor> = {
  'bi-dashboard': dashboardElementClass,
  'bi-chart': chartElementClass,
  'bi-sqllab': sqlLabElementClass,
};

/**
 * Registers the elements (all, or the named ones) with a custom-element registry. A tag that is already
 * defined is left alone, so two copies of the bundle on one page do not throw; in Node (SSR) nothing
 * happens. A page that needs one element downloads less through its own entry
 * (`@lumen-bi/elements/define/chart`), since `only` is decided at run time.
 *
 * @example
 * import { defineElements } from '@lumen-bi/elements';
 * defineElements(); // <bi-dashboard>, <bi-chart>, <bi-sqllab>
 * defineElements({ only: ['bi-chart'] });
 */
export function defineElements(options: { only?: readonly ElementTagName[]; registry?: CustomElementRegistry } = {}): void {
  for (const tag of options.only ?? (Object.keys(CLASSES) as ElementTagName[])) defineElement(tag, CLASSES[tag], options.registry);
}
