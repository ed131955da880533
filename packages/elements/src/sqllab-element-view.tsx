/**
 * The React side of <bi-sqllab>. SQL Lab (CodeMirror and the results grid) is the heaviest view, so it is
 * loaded on first render from its own chunk: a page with only <bi-dashboard> or <bi-chart> never downloads it.
 * It runs with the browser's session (a signed-in Lumen user of the same site) or, on any site, with a guest
 * token that grants SQL Lab on named databases (`guest-token` / `fetchGuestToken`; docs/embedding.md).
 */
import { LocaleProvider } from '@lumen-bi/views';
import { lazy, Suspense } from 'react';
import { localeAttribute, type AttributeValue } from './element-attributes';
import { LoadingStatus } from './element-status';
import { elementStylesheet, SQLLAB_ELEMENT_CSS } from './element-styles';
import type { SqlLabElementController } from './sqllab-element-controller';
import type { FetchGuestToken } from './element-api';

export const SQLLAB_ATTRIBUTES = ['api-url', 'guest-token', 'database-id', 'schema', 'sql', 'tab-title', 'theme', 'theme-mode', 'locale'] as const;

export interface SqlLabElementProps {
  container?: ShadowRoot;
  apiUrl?: AttributeValue;
  guestToken?: AttributeValue;
  /** Property only: the host's function returning a guest token with a SQL Lab grant. */
  fetchGuestToken?: FetchGuestToken | null;
  databaseId?: AttributeValue | number;
  schema?: AttributeValue;
  sql?: AttributeValue;
  tabTitle?: AttributeValue;
  theme?: AttributeValue;
  themeMode?: AttributeValue;
  locale?: AttributeValue;
  /** Property only: set by the element class. */
  controller?: SqlLabElementController;
}

const LazySqlLab = lazy(() => import('./sqllab-element-body').then((module) => ({ default: module.SqlLabElementBody })));

export function SqlLabElementView(props: SqlLabElementProps) {
  const locale = localeAttribute(props.locale);
  return (
    <LocaleProvider locale={locale}>
      <div className="bi-element bi-element--sqllab" lang={locale} data-locale={locale}>
        <style>{elementStylesheet({ minHeight: '480px' }) + SQLLAB_ELEMENT_CSS}</style>
        <Suspense fallback={<LoadingStatus />}>
          <LazySqlLab
            apiUrl={props.apiUrl}
            guestToken={props.guestToken}
            fetchGuestToken={props.fetchGuestToken ?? null}
            host={(props.container?.host as HTMLElement | undefined) ?? null}
            attributes={{ databaseId: props.databaseId, schema: props.schema, sql: props.sql, tabTitle: props.tabTitle }}
            controller={props.controller ?? null}
          />
        </Suspense>
      </div>
    </LocaleProvider>
  );
}
