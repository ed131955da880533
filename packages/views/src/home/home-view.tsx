import { Skeleton, SkeletonRegion } from '../components/skeleton';
import { getClientErrorMessage, msg, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import type { ToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { useTranslation } from '../i18n/locale-provider';
import { LIST_MESSAGES } from '../lists/list-messages';
import { LISTS_CSS } from '../lists/lists-styles';
import { fetchActivity, fetchRecents, fetchViewed, type ActivityItem, type ActivityTab, type HomeCollection } from './home-activity';

interface SectionSpec {
  collection: HomeCollection;
  /** English source strings, translated where shown. */
  title: string;
  loading: string;
  tabs: ActivityTab[];
  resource: 'chart' | 'dashboard' | 'saved_query' | 'recents';
  viewAll?: string;
}

/** The four home collections and their activity tabs (spec 1 §2). */
export const HOME_SECTIONS: readonly SectionSpec[] = [
  { collection: 'RECENTS', title: msg('Recents'), loading: msg('Loading recents'), tabs: ['Viewed', 'Edited', 'Created'], resource: 'recents' },
  { collection: 'DASHBOARDS', title: msg('Dashboards'), loading: msg('Loading dashboards'), tabs: ['Favorite', 'Mine', 'Other'], resource: 'dashboard', viewAll: '/dashboard/list/' },
  { collection: 'CHARTS', title: msg('Charts'), loading: msg('Loading charts'), tabs: ['Favorite', 'Mine', 'Other'], resource: 'chart', viewAll: '/chart/list/' },
  { collection: 'SAVED_QUERIES', title: msg('Saved queries'), loading: msg('Loading saved queries'), tabs: ['Mine', 'Other'], resource: 'saved_query', viewAll: '/savedqueryview/list/' },
];

/** The activity tabs' labels (the tab values themselves are the requests' keys). */
const TAB_LABELS: Record<ActivityTab, string> = {
  Viewed: msg('Viewed'),
  Edited: msg('Edited'),
  Created: msg('Created'),
  Favorite: msg('Favorite'),
  Mine: msg('Mine'),
  Other: msg('Other'),
};

export interface HomeViewProps {
  client: ApiClient;
  toasts: ToastStore;
  /** The signed-in user's id: Mine, Created and Edited filter on it. */
  userId: number;
}

/**
 * The home page (spec 1 §2): Recents, Dashboards, Charts and Saved queries, each with its activity tabs,
 * five items per tab (three for Edited). A failed fetch says 'There was an error fetching the filtered
 * charts and dashboards:' with the reason.
 */
export function HomeView({ client, toasts, userId }: HomeViewProps) {
  const { t } = useTranslation();
  return (
    <section className="bi-page bi-home" aria-labelledby="bi-home-title">
      <style>{COMPONENTS_CSS + LISTS_CSS}</style>
      <h1 id="bi-home-title">{t('Home')}</h1>
      {HOME_SECTIONS.map((section) => (
        <HomeSection key={section.collection} section={section} client={client} toasts={toasts} userId={userId} />
      ))}
      <Toasts store={toasts} />
    </section>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; items: ActivityItem[] } | { status: 'error'; message: string };

function HomeSection({ section, client, toasts, userId }: { section: SectionSpec; client: ApiClient; toasts: ToastStore; userId: number }) {
  const { t } = useTranslation();
  // Recents open on Viewed, as the incumbent's home does.
  const [tab, setTab] = useState<ActivityTab>(section.tabs[0]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    const request =
      tab === 'Viewed'
        ? fetchViewed(client)
        : section.resource === 'recents'
        ? fetchRecents(client, tab === 'Created' ? 'Created' : 'Edited', userId)
        : fetchActivity(client, section.resource, tab, userId);
    request.then(
      (items) => live && setLoad({ status: 'ready', items }),
      (error: unknown) => {
        if (!live) return;
        const message = getClientErrorMessage(error);
        setLoad({ status: 'error', message });
        toasts.danger(`${t(LIST_MESSAGES.homeFetchFailed)} ${message}`, { noDuplicate: true });
      },
    );
    return () => {
      live = false;
    };
  }, [client, section.resource, tab, userId, toasts, t]);

  const headingId = `bi-home-${section.collection}`;
  const title = t(section.title);
  return (
    <section className="bi-home__section" aria-labelledby={headingId} data-collection={section.collection}>
      <h2 id={headingId}>{title}</h2>
      {/* The View all link sits beside the tab list, not in it: a tab list holds tabs only. */}
      <div className="bi-tabs">
        <div className="bi-home__tablist" role="tablist" aria-label={t('{section} tabs', { section: title })}>
          {section.tabs.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
              {t(TAB_LABELS[name])}
            </button>
          ))}
        </div>
        {section.viewAll && (
          <a className="bi-home__view-all" href={section.viewAll}>
            {t('View all »')}
          </a>
        )}
      </div>
      <div role="tabpanel" aria-label={t('{section}: {tab}', { section: title, tab: t(TAB_LABELS[tab]) })}>
        {load.status === 'loading' && (
          <SkeletonRegion label={t(section.loading)}>
            <Skeleton width="80%" />
            <Skeleton width="65%" />
            <Skeleton width="72%" />
          </SkeletonRegion>
        )}
        {load.status === 'error' && (
          <p className="bi-field-error" role="alert">
            {t(LIST_MESSAGES.homeFetchFailed)} {load.message}
          </p>
        )}
        {load.status === 'ready' && load.items.length === 0 && <p className="bi-list-empty__text">{t(LIST_MESSAGES.noData)}</p>}
        {load.status === 'ready' && load.items.length > 0 && (
          <ul className="bi-home__items">
            {load.items.map((item) => (
              <li key={`${item.kind}-${item.id}-${item.url}`}>
                <a href={item.url}>{item.title}</a>
                {item.viewed_delta_humanized && <span className="bi-list-card__meta"> · Viewed {item.viewed_delta_humanized}</span>}
                {item.changed_on_delta_humanized && <span className="bi-list-card__meta"> · Modified {item.changed_on_delta_humanized}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
