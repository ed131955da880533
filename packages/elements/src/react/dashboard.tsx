import type { DataMaskStateWithId } from '@lumen-bi/core';
import { forwardRef, type ForwardedRef } from 'react';
import { dashboardElementClass, type BiDashboardElement, type ResolvePermalinkUrl } from '../dashboard-element';
import type { FetchGuestToken } from '../element-api';
import type { BiChartStateDetail, BiDataMaskDetail } from '../element-events';
import { booleanProp, definedOnly, jsonProp } from './attribute-values';
import { commonAttributes, detailOf, type BiCommonProps } from './common-props';
import { useForwardedElementRef } from './forwarded-ref';
import { renderElement } from './render-element';
import { useBiElement } from './use-bi-element';

export interface DashboardProps extends BiCommonProps {
  /** Id, slug, or embedded uuid. */
  dashboardId: string | number;
  guestToken?: string;
  /** A fresh guest token from the host's backend; called at once and again before each token's exp. */
  fetchGuestToken?: FetchGuestToken;
  hideTitle?: boolean;
  hideTab?: boolean;
  hideNav?: boolean;
  hideChartControls?: boolean;
  /** Default true. */
  filtersVisible?: boolean;
  /** Default true. */
  filtersExpanded?: boolean;
  /** Default true; false stops onDataMask. */
  emitDataMasks?: boolean;
  showRowLimitWarning?: boolean;
  /** No Share button. A guest sees Share only with resolvePermalinkUrl. */
  hideShare?: boolean;
  /** The host page's URL for a permalink (`{key, url}`): the Share button copies it. */
  resolvePermalinkUrl?: ResolvePermalinkUrl;
  displayMode?: 'none' | 'hide-nav' | 'hide-nav-and-title' | 'report';
  /** Passed to the charts' url_params. */
  urlParams?: Record<string, string | number | boolean>;
  /** The initial filter state (a data mask by filter id); a later change applies it to the live dashboard. */
  dataMask?: DataMaskStateWithId;
  /** The dashboard's complete data mask, on every change. */
  onDataMask?: (mask: BiDataMaskDetail) => void;
  onChartState?: (detail: BiChartStateDetail) => void;
}

/**
 * `<bi-dashboard>` as a React component (React 18 and 19). The ref is the element, with its methods
 * (`setDataMask`, `setFilter`, `getDataMask`, `getActiveTabs`, `getDashboardPermalink`).
 *
 * @example
 * <Dashboard apiUrl="https://bi.example.com" dashboardId={uuid} fetchGuestToken={fetchToken} hideTitle
 *            onDataMask={(mask) => setFilters(mask)} onError={(e) => console.warn(e.code)} style={{ height: 600 }} />
 */
export const Dashboard = forwardRef(function Dashboard(props: DashboardProps, forwarded: ForwardedRef<BiDashboardElement>) {
  const ref = useBiElement<BiDashboardElement>({
    tag: 'bi-dashboard',
    elementClass: dashboardElementClass,
    properties: { fetchGuestToken: props.fetchGuestToken, resolvePermalinkUrl: props.resolvePermalinkUrl },
    listeners: {
      'bi-ready': detailOf(props.onReady),
      'bi-error': detailOf(props.onError),
      'bi-data-mask': detailOf(props.onDataMask),
      'bi-chart-state': detailOf(props.onChartState),
    },
  });
  const attributes = definedOnly({
    ...commonAttributes(props),
    'dashboard-id': props.dashboardId,
    'guest-token': props.guestToken,
    'hide-title': booleanProp(props.hideTitle),
    'hide-tab': booleanProp(props.hideTab),
    'hide-nav': booleanProp(props.hideNav),
    'hide-chart-controls': booleanProp(props.hideChartControls),
    'filters-visible': booleanProp(props.filtersVisible, true),
    'filters-expanded': booleanProp(props.filtersExpanded, true),
    'emit-data-masks': booleanProp(props.emitDataMasks, true),
    'show-row-limit-warning': booleanProp(props.showRowLimitWarning),
    'hide-share': booleanProp(props.hideShare),
    'display-mode': props.displayMode,
    'url-params': jsonProp(props.urlParams),
    'data-mask': jsonProp(props.dataMask),
  });
  return renderElement('bi-dashboard', attributes, useForwardedElementRef(ref, forwarded), props.style);
});
