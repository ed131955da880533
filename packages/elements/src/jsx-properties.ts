/**
 * The properties a framework may set on the elements (React 19 and Preact set a prop as a property when the
 * element has one): the functions and objects that have no attribute.
 */
import type { ResolvePermalinkUrl } from './dashboard-element';
import type { FetchGuestToken } from './element-api';

export interface BiDashboardProps {
  /** `() => Promise<string>`: a fresh guest token from the host's backend; called at once and before each exp. */
  fetchGuestToken?: FetchGuestToken | null;
  /** `({key, url}) => string | null`: the host page's URL for a permalink; the Share button copies it. */
  resolvePermalinkUrl?: ResolvePermalinkUrl | null;
}

export interface BiChartProps {
  fetchGuestToken?: FetchGuestToken | null;
}

export interface BiSqlLabProps {
  /** A fresh guest token with a SQL Lab grant from the host's backend; called at once and before each exp. */
  fetchGuestToken?: FetchGuestToken | null;
  /** The database-id attribute as a property (a number is accepted). */
  databaseId?: string | number | null;
  tabTitle?: string | null;
}
