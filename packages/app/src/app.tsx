import {
  AppShell,
  COMPONENTS_CSS,
  ErrorBoundary,
  fetchMe,
  LoadingLines,
  LocaleProvider,
  LoginPage,
  loginUrlFor,
  NotFoundPage,
  PAGE_DESCRIPTIONS,
  useTranslation,
  type MeResult,
  type SessionStore,
} from '@lumen-bi/views';
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { browserLocale, useAwaitingCatalogue, useDocumentLanguage, withCatalogueLoaded } from './app-locale';
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
 * address they asked for as `next`. Drawn in the signed-in user's language (`locale` of /api/v1/me/,
 * switched from the user menu without a reload), or the browser's on signed-out pages; /embedded/ pages
 * take their host's.
 */
export function App(props: AppProps) {
  // Without the signals Babel transform, components read signals reactively after useSignals().
  useSignals();
  const embedded = matchRoute(useLocation().pathname).kind === 'embedded';
  const signedOutLocale = useMemo(() => browserLocale(), []);
  const locale = props.session.user.value?.locale ?? signedOutLocale;
  useDocumentLanguage(embedded ? null : locale);
  if (embedded) return <AppRoutes {...props} />;
  return (
    <LocaleProvider locale={locale}>
      <AppRoutes {...props} />
    </LocaleProvider>
  );
}

function AppRoutes({ session, loadMe = defaultLoadMe }: AppProps) {
  const { t } = useTranslation();
  useSignals();
  const location = useLocation();
  const route = matchRoute(location.pathname);
  const status = session.status.value;
  // The /embedded/ pages authenticate with the host's guest token, never with a session.
  const needsUser = route.kind !== 'login' && route.kind !== 'embedded';
  // The user's catalogue loads with /api/v1/me/, so the shell appears in their language at once.
  const loadSignedIn = useCallback(() => loadMe().then(withCatalogueLoaded), [loadMe]);
  const chooseLocale = useCallback((locale: string) => session.updateUser({ locale }), [session]);
  const awaitingCatalogue = useAwaitingCatalogue(session.user.value?.locale);
  // The page's chunk starts loading now, in parallel with /api/v1/me/, and renders without Suspense.
  const embeddedDashboard = usePageLoader(route.kind === 'embedded' && route.target !== 'chart' ? EMBEDDED_PAGES.dashboard : null);
  const embeddedChart = usePageLoader(route.kind === 'embedded' && route.target === 'chart' ? EMBEDDED_PAGES.chart : null);
  const page = usePageLoader(route.kind === 'page' ? ROUTE_PAGES[route.page] : null);

  useEffect(() => {
    if (needsUser && status === 'unknown') void session.load(loadSignedIn);
  }, [needsUser, status, session, loadSignedIn]);

  useEffect(() => {
    if (needsUser && status === 'anonymous') navigate(loginUrlFor(location.pathname + location.search), { replace: true });
  }, [needsUser, status, location.pathname, location.search]);

  useEffect(() => {
    if (route.kind === 'redirect' && status === 'authenticated') navigate(route.to + location.search, { replace: true });
  }, [route, status, location.search]);

  useEffect(() => {
    if (route.kind === 'embedded') return;
    const title = route.kind === 'page' ? PAGE_DESCRIPTIONS[route.page].title : route.kind === 'login' ? t('Sign in') : null;
    document.title = title ? `${title} - Lumen BI` : 'Lumen BI';
  }, [route, t]);

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
    return <BootError message={session.error.value ?? 'Unknown error'} onRetry={() => void session.load(loadSignedIn)} />;
  }
  const user = session.user.value;
  if (status !== 'authenticated' || !user || route.kind === 'redirect' || awaitingCatalogue) {
    // Before the shell (and its stylesheet) mounts, the boot placeholder brings the design system's styles itself.
    return (
      <div className="bi-boot">
        <style>{COMPONENTS_CSS}</style>
        <LoadingLines label={t('Loading Lumen')} />
      </div>
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <AppShell user={user} pathname={location.pathname} onNavigate={navigate} onLocaleChange={chooseLocale}>
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
  return <PageLoading state={state} />;
}

/** A page's chunk on its way, or a retry button when it failed to load. */
function PageLoading({ state }: { state: PageState<object> }) {
  const { t } = useTranslation();
  if (state.status === 'failed') {
    return (
      <p role="alert">
        {t('This page could not be loaded.')}{' '}
        <button type="button" className="bi-button" onClick={state.retry}>
          {t('Try again')}
        </button>
      </p>
    );
  }
  return <LoadingLines label={t('Loading page')} />;
}
