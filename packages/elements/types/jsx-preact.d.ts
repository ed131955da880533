/**
 * JSX typings of <bi-dashboard>, <bi-chart> and <bi-sqllab> for Preact (and <bi-embed>, from
 * @lumen-bi/embed): `import type {} from '@lumen-bi/elements/jsx-preact'` once in the project.
 */
import type { JSX } from 'preact';
import type {
  BiChartAttributes,
  BiChartElement,
  BiChartProps,
  BiDashboardAttributes,
  BiDashboardElement,
  BiDashboardProps,
  BiSqlLabAttributes,
  BiSqlLabElement,
  BiSqlLabProps,
} from '../dist/index.js';
import '@lumen-bi/embed/jsx-preact';

// Preact's own attribute types first: the elements' attributes replace same-named ones (`theme`, `locale`).
type PreactElementProps<E extends HTMLElement, A> = Omit<JSX.HTMLAttributes<E>, keyof A> & A;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'bi-dashboard': PreactElementProps<BiDashboardElement, BiDashboardAttributes & BiDashboardProps>;
      'bi-chart': PreactElementProps<BiChartElement, BiChartAttributes & BiChartProps>;
      'bi-sqllab': PreactElementProps<BiSqlLabElement, BiSqlLabAttributes & BiSqlLabProps>;
    }
  }
}
