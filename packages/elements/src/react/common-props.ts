import type { CSSProperties } from 'react';
import type { BiErrorDetail, BiReadyDetail } from '../element-events';
import type { ELEMENT_THEME_MODES, ELEMENT_THEMES } from '../element-styles';

/** Props every component has. */
export interface BiCommonProps {
  /** The Lumen server, e.g. `https://bi.example.com`; absent: the page's own origin. */
  apiUrl?: string;
  theme?: (typeof ELEMENT_THEMES)[number];
  themeMode?: (typeof ELEMENT_THEME_MODES)[number];
  /** A spec 1 §9 locale (`fr`, `pt_BR`, …). */
  locale?: string;
  id?: string;
  className?: string;
  style?: CSSProperties;
  /** `bi-ready`: loaded (dashboard), drawn (chart) or rendered (SQL Lab). */
  onReady?: (detail: BiReadyDetail) => void;
  /** `bi-error`: every failure of the element, with a code to switch on. */
  onError?: (detail: BiErrorDetail) => void;
}

/** The common attributes, by attribute name. */
export function commonAttributes(props: BiCommonProps): Record<string, string | undefined> {
  return { 'api-url': props.apiUrl, theme: props.theme, 'theme-mode': props.themeMode, locale: props.locale, id: props.id, class: props.className };
}

/** An event listener that hands the host its detail. */
export function detailOf<T>(callback: ((detail: T) => void) | undefined): ((event: CustomEvent) => void) | undefined {
  return callback && ((event: CustomEvent) => callback(event.detail as T));
}
