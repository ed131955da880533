/**
 * The React side of <bi-sqllab>. SQL Lab (CodeMirror and the results grid) is the heaviest view, so it is
 * loaded on first render from its own chunk: a page with only <bi-dashboard> or <bi-chart> never downloads it.
 * SQL Lab needs a signed-in session (guests get 403 from its APIs), so the element has no guest-token.
 */
import { lazy, Suspense } from 'react';
import { localeAttribute, type AttributeValue } from './element-attributes';
import { elementStylesheet } from './element-styles';

export const SQLLAB_ATTRIBUTES = ['api-url', 'theme', 'theme-mode', 'locale'] as const;

export interface SqlLabElementProps {
  container?: ShadowRoot;
  apiUrl?: AttributeValue;
  theme?: AttributeValue;
  themeMode?: AttributeValue;
  locale?: AttributeValue;
}

const LazySqlLab = lazy(() => import('./sqllab-element-body').then((module) => ({ default: module.SqlLabElementBody })));

export function SqlLabElementView(props: SqlLabElementProps) {
  const locale = localeAttribute(props.locale);
  return (
    <div className="bi-element bi-element--sqllab" lang={locale} data-locale={locale}>
      <style>{elementStylesheet({ minHeight: '480px' })}</style>
      <Suspense
        fallback={
          <p className="bi-element__status" aria-busy="true">
            Loading…
          </p>
        }
      >
        <LazySqlLab apiUrl={props.apiUrl} host={props.container?.host ?? null} />
      </Suspense>
    </div>
  );
}
