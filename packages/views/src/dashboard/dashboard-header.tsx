/**
 * The header bar: title, certification, favourite, published toggle, refresh, share permalink, properties
 * and, for editors, Edit dashboard / Undo / Redo / Discard / Save. Hidden title with hideTitle or the
 * hide-nav-and-title display mode.
 */
import { Tooltip } from '../components/tooltip';
import { BadgeCheck, Star } from '../components/icons';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState } from 'react';
import type { ReportMenuProps } from '../reports/report-menu';
import { useDashboard } from './dashboard-context';
import { preloadEditMode } from './edit-mode-code';
import { Skeleton } from '../components/skeleton';
import { NO_SHARE_LINK_MESSAGE, shareUrlFor, shareVisible } from './share-link';

/** Edit mode's dialog, loaded when opened: a viewer's (and an embedding host's) first load does without it. */
const PropertiesModal = lazy(() => import('./properties-modal').then((module) => ({ default: module.PropertiesModal })));

/**
 * The reports menu (schedules and their dialog), loaded only for a signed-in user (never for a guest, so
 * never in an embedding host's first load), and shown when that user may write reports.
 */
const AllowedReportMenu = lazy(() =>
  import('../reports/report-menu').then(({ canWriteReports, ReportMenu }) => ({
    default: (props: ReportMenuProps) => (canWriteReports(props.user) ? <ReportMenu {...props} /> : null),
  })),
);

export function DashboardHeader({ hideTitle }: { hideTitle: boolean }) {
  useSignals();
  const { store, origin, share: shareOptions, edit } = useDashboard();
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const info = store.info.value!;
  const perms = store.permissions.value;
  const editing = store.editMode.value;
  const loggedIn = store.user.value !== null;

  const share = async () => {
    try {
      const permalink = await store.createPermalink();
      const url = await shareUrlFor(/^https?:\/\//.test(permalink) ? permalink : `${origin}${permalink}`, shareOptions, store.isGuest);
      // The copying code loads with the first Share (most viewers never share).
      if (url) await import('./copy-text').then(({ copyText }) => copyText(url, store.toasts));
      else store.toasts?.warning(NO_SHARE_LINK_MESSAGE);
    } catch (failure) {
      store.toasts?.danger(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <header className="bi-dash-header-bar">
      {!hideTitle && (
        <div className="bi-dash-header-bar__title">
          <h1>{info.dashboard_title}</h1>
          {info.certified_by && <CertifiedBadge by={info.certified_by} details={info.certification_details} />}
          {loggedIn && !store.isGuest && (
            <Tooltip content={store.isStarred.value ? 'Remove from favorites' : 'Add to favorites'}>
              <button type="button" className="bi-dash-icon-button" aria-label={store.isStarred.value ? 'Unfavorite' : 'Favorite'} aria-pressed={store.isStarred.value} onClick={() => void store.toggleFavorite()}>
                <Star size={18} aria-hidden="true" fill={store.isStarred.value ? 'currentColor' : 'none'} />
              </button>
            </Tooltip>
          )}
          {perms.canEdit && (
            <button type="button" className={`bi-dash-badge${store.isPublished.value ? ' bi-dash-badge--published' : ''}`} onClick={() => void store.togglePublished()}>
              {store.isPublished.value ? 'Published' : 'Draft'}
            </button>
          )}
        </div>
      )}
      <div className="bi-dash-header-bar__actions">
        {editing ? (
          // Edit mode's actions come with its code; a placeholder of their size holds their place until then.
          edit ? (
            <edit.EditActions
              store={store}
              canUndo={store.canUndo.value}
              canRedo={store.canRedo.value}
              unsaved={store.hasUnsavedChanges.value}
              saving={store.isSaving.value}
              onEditProperties={() => setPropertiesOpen(true)}
            />
          ) : (
            <Skeleton width={360} height={32} />
          )
        ) : (
          <>
            <button type="button" className="bi-button" onClick={() => store.refreshAll(true)}>
              Refresh dashboard
            </button>
            {loggedIn && shareVisible(shareOptions, store.isGuest) && (
              <button type="button" className="bi-button" onClick={() => void share()}>
                Share
              </button>
            )}
            {!store.isGuest && store.toasts && store.user.value && (
              <Suspense fallback={null}>
                <AllowedReportMenu api={store.api} toasts={store.toasts} target={{ dashboardId: info.id }} user={store.user.value} title={info.dashboard_title} />
              </Suspense>
            )}
            {perms.canEdit && (
              <>
                <button type="button" className="bi-button" onClick={() => setPropertiesOpen(true)}>
                  Edit properties
                </button>
                <button type="button" className="bi-button bi-button--primary" onPointerEnter={preloadEditMode} onFocus={preloadEditMode} onClick={() => store.setEditMode(true)}>
                  Edit dashboard
                </button>
              </>
            )}
          </>
        )}
      </div>
      {propertiesOpen && (
        <Suspense fallback={null}>
          <PropertiesModal onClose={() => setPropertiesOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

/** 'Certified by …', with the certification details in a tooltip reachable by keyboard when there are any. */
function CertifiedBadge({ by, details }: { by: string; details?: string | null }) {
  const badge = (
    <span className="bi-dash-certified" tabIndex={details ? 0 : undefined}>
      <BadgeCheck size={16} aria-hidden="true" /> Certified by {by}
    </span>
  );
  return details ? <Tooltip content={details}>{badge}</Tooltip> : badge;
}
