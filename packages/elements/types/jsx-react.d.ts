/**
 * JSX typings of <bi-dashboard>, <bi-chart> and <bi-sqllab> for React 18 and 19 (and <bi-embed>, from
 * @lumen-bi/embed). Load once in a TSX project: `import type {} from '@lumen-bi/elements/jsx-react'`, or
 * `"types": ["@lumen-bi/elements/jsx-react"]` in tsconfig; `@lumen-bi/elements/react` loads it too.
 *
 * The `react` module's JSX namespace is what React 19 (`React.JSX`) and React 18.3's automatic runtime
 * read; the global JSX namespace is React 18's classic runtime's.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  BiChartAttributes,
  BiChartElement,
  BiChartProps,
  BiChartStateDetail,
  BiDashboardAttributes,
  BiDashboardElement,
  BiDashboardProps,
  BiDataMaskDetail,
  BiErrorDetail,
  BiQueryErrorDetail,
  BiQuerySuccessDetail,
  BiReadyDetail,
  BiSqlLabAttributes,
  BiSqlLabElement,
  BiSqlLabProps,
} from '../dist/index.js';
import '@lumen-bi/embed/jsx-react';

/** `onbi-ready={…}`: React 19 adds a listener for a custom element's `on<event>` prop (React 18 ignores it). */
interface BiReact19Events {
  'onbi-ready'?: (event: CustomEvent<BiReadyDetail>) => void;
  'onbi-error'?: (event: CustomEvent<BiErrorDetail>) => void;
}

type ReactElementProps<E extends HTMLElement> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, 'className'> & {
  /** Custom elements take `class` (React 18); React 19 also maps className. */
  class?: string;
  className?: string;
};

export type BiDashboardJsx = ReactElementProps<BiDashboardElement> &
  BiDashboardAttributes &
  BiDashboardProps &
  BiReact19Events & {
    'onbi-data-mask'?: (event: CustomEvent<BiDataMaskDetail>) => void;
    'onbi-chart-state'?: (event: CustomEvent<BiChartStateDetail>) => void;
  };
export type BiChartJsx = ReactElementProps<BiChartElement> &
  BiChartAttributes &
  BiChartProps &
  BiReact19Events & { 'onbi-chart-state'?: (event: CustomEvent<BiChartStateDetail>) => void };
export type BiSqlLabJsx = ReactElementProps<BiSqlLabElement> &
  BiSqlLabAttributes &
  BiSqlLabProps &
  BiReact19Events & {
    'onbi-query-success'?: (event: CustomEvent<BiQuerySuccessDetail>) => void;
    'onbi-query-error'?: (event: CustomEvent<BiQueryErrorDetail>) => void;
  };

interface BiIntrinsicElements {
  'bi-dashboard': BiDashboardJsx;
  'bi-chart': BiChartJsx;
  'bi-sqllab': BiSqlLabJsx;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends BiIntrinsicElements {}
  }
}

declare global {
  namespace JSX {
    interface IntrinsicElements extends BiIntrinsicElements {}
  }
}
