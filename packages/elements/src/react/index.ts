/**
 * `@lumen-bi/elements/react`: thin React components over the elements (React 18 and 19), with typed props
 * and callbacks. Importing registers nothing and touches no DOM (SSR-safe); a component registers its tag
 * on first render. The JSX typings of the raw tags come along (`../types/jsx-react.d.ts`).
 *
 * @example
 * import { Dashboard } from '@lumen-bi/elements/react';
 * <Dashboard apiUrl="https://bi.example.com" dashboardId={uuid} fetchGuestToken={fetchToken} />
 */
export { Chart, type ChartProps } from './chart';
export type { BiCommonProps } from './common-props';
export { Dashboard, type DashboardProps } from './dashboard';
export { SqlLab, type SqlLabProps } from './sqllab';
export type { BiDashboardElement, ResolvePermalinkUrl } from '../dashboard-element';
export type { BiChartElement } from '../chart-element';
export type { BiSqlLabElement } from '../sqllab-element';
export type { BiChartStateDetail, BiDataMaskDetail, BiErrorCode, BiErrorDetail, BiQueryErrorDetail, BiQuerySuccessDetail, BiReadyDetail } from '../element-events';
