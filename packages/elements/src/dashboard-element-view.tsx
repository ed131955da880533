/**
 * The React side of <bi-dashboard>: attributes (raw strings) -> DashboardView props, the element's API
 * client and guest-token refresh, and the view's callbacks -> DOM events on the element.
 */
import type { DataMaskStateWithId } from '@lumen-bi/core';
import { DashboardView, LocaleProvider, type ChartStateEvent, type DashboardShareOptions, type DashboardUiConfig, type DisplayMode } from '@lumen-bi/views';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createChartStateChanges } from './chart-state-changes';
import type { DashboardController } from './dashboard-controller';
import { booleanAttribute, dataMaskAttribute, localeAttribute, urlParamsAttribute, type AttributeValue } from './element-attributes';
import { useElementApi, type FetchGuestToken } from './element-api';
import { BI_CHART_STATE, BI_DATA_MASK, emitElementEvent, hostOf, type BiChartStateDetail, type BiErrorDetail } from './element-events';
import { isFatal } from './fatal-failure';
import { LoadingStatus, MissingAttributeStatus } from './element-status';
import { FailurePanel } from './failure-panel';
import { elementStylesheet } from './element-styles';
import { resolveDashboardId } from './resolve-dashboard-id';
import { tryParse, useElementErrors } from './use-element-errors';

/** Attributes of <bi-dashboard>, in the order they are documented. */
export const DASHBOARD_ATTRIBUTES = [
  'api-url',
  'dashboard-id',
  'guest-token',
  'hide-title',
  'hide-tab',
  'hide-nav',
  'hide-chart-controls',
  'filters-visible',
  'filters-expanded',
  'emit-data-masks',
  'show-row-limit-warning',
  'hide-share',
  'display-mode',
  'theme',
  'theme-mode',
  'locale',
  'url-params',
  'data-mask',
] as const;

export interface DashboardElementProps {
  container?: ShadowRoot;
  apiUrl?: AttributeValue;
  dashboardId?: AttributeValue;
  guestToken?: AttributeValue;
  hideTitle?: AttributeValue;
  hideTab?: AttributeValue;
  hideNav?: AttributeValue;
  hideChartControls?: AttributeValue;
  filtersVisible?: AttributeValue;
  filtersExpanded?: AttributeValue;
  emitDataMasks?: AttributeValue;
  showRowLimitWarning?: AttributeValue;
  hideShare?: AttributeValue;
  displayMode?: AttributeValue;
  theme?: AttributeValue;
  themeMode?: AttributeValue;
  locale?: AttributeValue;
  urlParams?: AttributeValue;
  dataMask?: AttributeValue;
  /** Property only: the host's token function, called now and before each token's exp. */
  fetchGuestToken?: FetchGuestToken | null;
  /** Property only: the host page's URL for a permalink (Share copies it; a guest sees Share only with it). */
  resolvePermalinkUrl?: DashboardShareOptions['resolvePermalinkUrl'] | null;
  /** Property only: set by the element class. */
  controller?: DashboardController;
}

const DISPLAY_MODES: Readonly<Record<string, DisplayMode>> = {
  none: 'none',
  'hide-nav': 'hideNav',
  hidenav: 'hideNav',
  'hide-nav-and-title': 'hideNavAndTitle',
  hidenavandtitle: 'hideNavAndTitle',
  report: 'report',
};

/** `display-mode` -> the view's display mode (unknown values: none). */
export function displayModeAttribute(value: AttributeValue): DisplayMode {
  return DISPLAY_MODES[(value ?? '').trim().toLowerCase()] ?? 'none';
}

/** The view's embedding flags from the element's attributes. */
export function uiConfigFromAttributes(props: DashboardElementProps): DashboardUiConfig {
  return {
    hideTitle: booleanAttribute(props.hideTitle),
    hideTab: booleanAttribute(props.hideTab),
    hideNav: booleanAttribute(props.hideNav),
    hideChartControls: booleanAttribute(props.hideChartControls),
    filtersVisible: booleanAttribute(props.filtersVisible, true),
    filtersExpanded: booleanAttribute(props.filtersExpanded, true),
    emitDataMasks: booleanAttribute(props.emitDataMasks, true),
    showRowLimitWarning: booleanAttribute(props.showRowLimitWarning),
  };
}

export function DashboardElementView(props: DashboardElementProps) {
  const host = hostOf(props.container);
  const urlParams = tryParse(() => urlParamsAttribute(props.urlParams));
  const dataMask = tryParse(() => dataMaskAttribute(props.dataMask));
  const [failure, setFailure] = useState<BiErrorDetail | null>(null);
  const report = useElementErrors(host, urlParams.error ?? dataMask.error, {
    apiUrl: props.apiUrl,
    onReported: (detail) => {
      if (detail.source !== 'chart' && isFatal(detail)) setFailure((current) => current ?? detail);
    },
  });
  // A new token, id or server is a new attempt: the panel of the last failure must not outlive it.
  useEffect(() => setFailure(null), [props.apiUrl, props.dashboardId, props.guestToken, props.fetchGuestToken]);
  const { api, ready } = useElementApi({
    apiUrl: props.apiUrl,
    guestToken: props.guestToken,
    fetchGuestToken: props.fetchGuestToken,
    onError: (error) => report(error, 'guest-token'),
  });

  // An embedded uuid is resolved to its dashboard first; an id or slug is used as it is.
  const requested = (props.dashboardId ?? '').trim();
  const [resolved, setResolved] = useState<{ requested: string; id: string } | null>(null);
  useEffect(() => {
    if (!ready || !requested) return;
    let current = true;
    resolveDashboardId(api, requested).then(
      (id) => current && setResolved({ requested, id }),
      (error: unknown) => current && report(error, 'resolve'),
    );
    return () => {
      current = false;
    };
    // A new guest-token attribute retries a resolution its predecessor was refused.
  }, [api, ready, requested, report, props.guestToken]);

  const flags = uiConfigFromAttributes(props);
  const uiKey = JSON.stringify(flags);
  const uiConfig = useMemo(() => flags, [uiKey]);
  const emitMasks = flags.emitDataMasks;
  const onDataMaskChange = useCallback((mask: DataMaskStateWithId) => emitElementEvent(host, BI_DATA_MASK, mask), [host]);
  // The view reports every chart's state on each change: only the charts whose state changed are news.
  const [isNewChartState] = useState(createChartStateChanges);
  const onChartStateChange = useCallback(
    (event: ChartStateEvent) => {
      if (!isNewChartState(event.chartId, event.state)) return;
      const detail: BiChartStateDetail = { chartId: event.chartId, state: event.state };
      emitElementEvent(host, BI_CHART_STATE, detail);
      if (event.state.status === 'failed') report(event.state.error, 'chart');
    },
    [host, report, isNewChartState],
  );
  const onError = useCallback((error: unknown) => report(error, 'dashboard'), [report]);

  // The first data-mask value is the initial state; a later change sets the masks on the live dashboard.
  const initialMask = useRef(dataMask.value);
  const dataMaskKey = props.dataMask ?? '';
  const firstMask = useRef(true);
  useEffect(() => {
    if (firstMask.current) {
      firstMask.current = false;
      return;
    }
    if (dataMask.value) props.controller?.setDataMask(dataMask.value);
  }, [dataMaskKey]);

  const hideShare = booleanAttribute(props.hideShare);
  const resolvePermalinkUrl = props.resolvePermalinkUrl;
  const share = useMemo<DashboardShareOptions>(() => ({ hidden: hideShare, resolvePermalinkUrl: resolvePermalinkUrl ?? undefined }), [hideShare, resolvePermalinkUrl]);

  const locale = localeAttribute(props.locale);
  const id = resolved && resolved.requested === requested ? resolved.id : null;
  // The controller forgets the handle of a dashboard that is replaced or unmounted.
  const controller = props.controller;
  useEffect(() => (controller && id ? () => controller.attach(null) : undefined), [controller, id]);
  return (
    <LocaleProvider locale={locale}>
      <div className="bi-element bi-element--dashboard" lang={locale} data-locale={locale}>
        <style>{elementStylesheet({ minHeight: '200px' })}</style>
        {!requested ? (
          <MissingAttributeStatus attribute="dashboard-id" />
        ) : failure ? (
          <FailurePanel failure={failure} />
        ) : !id ? (
          <LoadingStatus />
        ) : (
          <DashboardView
            key={id}
            // onReady, not ref: Preact's compat layer (the lite build) keeps `ref` from function components.
            onReady={props.controller?.attach}
            api={api}
            dashboardIdOrSlug={id}
            uiConfig={uiConfig}
            displayMode={displayModeAttribute(props.displayMode)}
            initialDataMask={initialMask.current}
            urlParams={urlParams.value}
            onDataMaskChange={emitMasks ? onDataMaskChange : undefined}
            onChartStateChange={onChartStateChange}
            onError={onError}
            share={share}
          />
        )}
      </div>
    </LocaleProvider>
  );
}
