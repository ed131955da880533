/**
 * The attributes of <bi-dashboard>, <bi-chart> and <bi-sqllab> as a host writes them in markup or JSX,
 * framework-neutral: the JSX typings (types/jsx-react.d.ts, types/jsx-preact.d.ts) add each framework's
 * own HTML attributes. Every attribute reaches the element as a string; booleans are on when present.
 */
import type { SUPPORTED_LOCALES } from './element-attributes';
import type { ELEMENT_THEME_MODES, ELEMENT_THEMES } from './element-styles';

/** A boolean attribute: `true`/'' is on; `false`, "false", "0", "no", "off" or absent is off. */
export type BooleanAttribute = boolean | '' | 'true' | 'false' | '0' | '1' | 'no' | 'off' | 'on';

/** Attributes every element has. */
export interface BiCommonAttributes {
  /** The Lumen server; empty or absent: the page's own origin. */
  'api-url'?: string;
  theme?: (typeof ELEMENT_THEMES)[number];
  'theme-mode'?: (typeof ELEMENT_THEME_MODES)[number];
  locale?: (typeof SUPPORTED_LOCALES)[number] | (string & {});
}

export interface BiDashboardAttributes extends BiCommonAttributes {
  /** Id, slug, or embedded uuid. */
  'dashboard-id': string | number;
  'guest-token'?: string;
  'hide-title'?: BooleanAttribute;
  'hide-tab'?: BooleanAttribute;
  'hide-nav'?: BooleanAttribute;
  'hide-chart-controls'?: BooleanAttribute;
  /** Default on. */
  'filters-visible'?: BooleanAttribute;
  /** Default on. */
  'filters-expanded'?: BooleanAttribute;
  /** Default on; "false" stops bi-data-mask. */
  'emit-data-masks'?: BooleanAttribute;
  'show-row-limit-warning'?: BooleanAttribute;
  /** No Share button. A guest sees Share only when the host sets the resolvePermalinkUrl property. */
  'hide-share'?: BooleanAttribute;
  'display-mode'?: 'none' | 'hide-nav' | 'hide-nav-and-title' | 'report';
  /** JSON object, passed to the charts' url_params. */
  'url-params'?: string;
  /** JSON data mask by filter id. */
  'data-mask'?: string;
}

export interface BiChartAttributes extends BiCommonAttributes {
  /** A saved chart's id, or inline form-data JSON. */
  'chart-id': string | number;
  'guest-token'?: string;
  'url-params'?: string;
}

export interface BiSqlLabAttributes extends BiCommonAttributes {
  /** A guest token that grants SQL Lab on named databases; absent: the browser's session. */
  'guest-token'?: string;
  'database-id'?: string | number;
  schema?: string;
  sql?: string;
  'tab-title'?: string;
}
