import { AppShell, COMPONENTS_CSS, ErrorBoundary, fetchMe, LoadingLines, LoginPage, loginUrlFor, NotFoundPage, PAGE_DESCRIPTIONS, type MeResult, type SessionStore } from '@lumen-bi/views';
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { BootError } from './boot-error';
import { navigate, useLocation } from './router/history-location';
import { type PageState, usePageLoader } from './router/page-loader';
import { EMBEDDED_PAGES, ROUTE_PAGES } from './router/route-pages';
import { matchRoute } from './router/routes';
import { SessionContext } from './session-context';

export interface AppProps {
  session: SessionStore;
  /** Who is signed in; tests pass a fake. Defaults to `GET /api/v1/me/` on this origin. */
  loadMe?: () => Promise<MeResult>;
}

const defaultLoadMe = () => fetchMe('');

/**
 * The standalone app: the login page for `/login/`, otherwise the shell around the page of the current
 * route, once `/api/v1/me/` says who is signed in. A 401 sends the visitor to the login page, with the
 * address they asked for as `next`.
 */
export function App({ session, loadMe = defaultLoadMe }: AppProps) {
  // Without the signals Babel transform, components read signals reactively after useSignals().
  useSignals();
  const location = useLocation();
  const route = matchRoute(location.pathname);
  const status = session.status.value;
  // The /embedded/ pages authenticate with the host's guest token, never with a session.
  const needsUser = route.kind !== 'login' && route.kind !== 'embedded';
  // The page's chunk starts loading now, in parallel with /api/v1/me/, and renders without Suspense.
  const embeddedDashboard = usePageLoader(route.kind === 'embedded' && route.target !== 'chart' ? EMBEDDED_PAGES.dashboard : null);
  const embeddedChart = usePageLoader(route.kind === 'embedded' && route.target === 'chart' ? EMBEDDED_PAGES.chart : null);
  const page = usePageLoader(route.kind === 'page' ? ROUTE_PAGES[route.page] : null);

  useEffect(() => {
    if (needsUser && status === 'unknown') void session.load(loadMe);
  }, [needsUser, status, session, loadMe]);

  useEffect(() => {
    if (needsUser && status === 'anonymous') navigate(loginUrlFor(location.pathname + location.search), { replace: true });
  }, [needsUser, status, location.pathname, location.search]);

  useEffect(() => {
    if (route.kind === 'redirect' && status === 'authenticated') navigate(route.to + location.search, { replace: true });
  }, [route, status, location.search]);

  useEffect(() => {
    if (route.kind === 'embedded') return;
    const title = route.kind === 'page' ? PAGE_DESCRIPTIONS[route.page].title : route.kind === 'login' ? 'Sign in' : null;
    document.title = title ? `${title} - Lumen BI` : 'Lumen BI';
  }, [route]);

  if (route.kind === 'login') {
    const query = new URLSearchParams(location.search);
    return <LoginPage next={query.get('next')} error={query.get('error') === '1'} ssoError={query.get('sso_error')} method={query.get('provider')} />;
  }
  if (route.kind === 'embedded') {
    return route.target === 'chart'
      ? renderPage(embeddedChart, location.pathname, (Page) => <Page chartId={route.id} />)
      : renderPage(embeddedDashboard, location.pathname, (Page) => <Page uuid={route.id} />);
  }
  if (status === 'error') {
    return <BootError message={session.error.value ?? 'Unknown error'} onRetry={() => void session.load(loadMe)} />;
  }
  const user = session.user.value;
  if (status !== 'authenticated' || !user || route.kind === 'redirect') {
    // Before the shell (and its stylesheet) mounts, the boot placeholder brings the design system's styles itself.
    return (
      <div className="bi-boot">
        <style>{COMPONENTS_CSS}</style>
        <LoadingLines label="Loading Lumen" />
      </div>
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <AppShell user={user} pathname={location.pathname} onNavigate={navigate}>
        {route.kind === 'page' ? renderPage(page, location.pathname, (Page) => <Page />) : <NotFoundPage pathname={location.pathname} onNavigate={navigate} />}
      </AppShell>
    </SessionContext.Provider>
  );
}

/**
 * A page once its chunk is loaded; a busy line before; a retry button when the chunk failed to load. A
 * page that crashes while rendering shows the 'Unexpected error' panel with its component stack, inside the
 * shell, instead of a blank screen; the boundary is keyed by path so moving to another page starts afresh.
 */
function renderPage<P extends object>(state: PageState<P>, pathname: string, render: (Page: ComponentType<P>) => ReactNode): ReactNode {
  if (state.status === 'ready') return <ErrorBoundary key={pathname}>{render(state.Page)}</ErrorBoundary>;
  if (state.status === 'failed') {
    return (
      <p role="alert">
        This page could not be loaded.{' '}
        <button type="button" className="bi-button" onClick={state.retry}>
          Try again
        </button>
      </p>
    );
  }
  return <LoadingLines label="Loading page" />;
}
