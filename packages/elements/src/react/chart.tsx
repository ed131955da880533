import { forwardRef, type ForwardedRef } from 'react';
import { chartElementClass, type BiChartElement } from '../chart-element';
import type { FetchGuestToken } from '../element-api';
import type { BiChartStateDetail } from '../element-events';
import { definedOnly, jsonProp } from './attribute-values';
import { commonAttributes, detailOf, type BiCommonProps } from './common-props';
import { useForwardedElementRef } from './forwarded-ref';
import { renderElement } from './render-element';
import { useBiElement } from './use-bi-element';

export interface ChartProps extends BiCommonProps {
  /** A saved chart's id, or form data (an object, sent as JSON) for an unsaved chart (needs a session). */
  chartId: string | number | Record<string, unknown>;
  guestToken?: string;
  /** A fresh guest token from the host's backend; called at once and again before each token's exp. */
  fetchGuestToken?: FetchGuestToken;
  urlParams?: Record<string, string | number | boolean>;
  onChartState?: (detail: BiChartStateDetail) => void;
}

/**
 * `<bi-chart>` as a React component (React 18 and 19). Give it a height (`style`); the default is 320px.
 *
 * @example
 * <Chart apiUrl="https://bi.example.com" chartId={42} fetchGuestToken={fetchToken} style={{ height: 320 }} />
 */
export const Chart = forwardRef(function Chart(props: ChartProps, forwarded: ForwardedRef<BiChartElement>) {
  const ref = useBiElement<BiChartElement>({
    tag: 'bi-chart',
    elementClass: chartElementClass,
    properties: { fetchGuestToken: props.fetchGuestToken },
    listeners: { 'bi-ready': detailOf(props.onReady), 'bi-error': detailOf(props.onError), 'bi-chart-state': detailOf(props.onChartState) },
  });
  const attributes = definedOnly({
    ...commonAttributes(props),
    'chart-id': typeof props.chartId === 'object' ? JSON.stringify(props.chartId) : props.chartId,
    'guest-token': props.guestToken,
    'url-params': jsonProp(props.urlParams),
  });
  return renderElement('bi-chart', attributes, useForwardedElementRef(ref, forwarded), props.style);
});
