/**
 * The header's "..." menu of secondary dashboard actions, as in the incumbent's header: Embed dashboard
 * (editors, never guests). The same menu button as the charts' (chart-header-menu.tsx): menu and menuitem
 * roles, arrow keys, Home and End, type-ahead; Escape, Tab or a press outside closes it. The dialogs an
 * item opens load on first use.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState } from 'react';
import { Glyph } from '../components/glyphs';
import { PopupMenu, type MenuItem } from '../components/popup-menu';
import { Portal } from '../components/portal';
import { useMenuButton } from '../components/use-menu-button';
import { useDashboard } from './dashboard-context';

/** The Embed dialog, loaded when opened: viewers (and embedding hosts) never download it. */
const EmbedDashboardModal = lazy(() => import('./embed-dashboard-modal').then((module) => ({ default: module.EmbedDashboardModal })));

type Dialog = 'embed' | null;

export function DashboardActionsMenu() {
  useSignals();
  const { store } = useDashboard();
  const { open, menuId, trigger, initialFocus, close, triggerProps } = useMenuButton();
  const [dialog, setDialog] = useState<Dialog>(null);
  const perms = store.permissions.value;
  const editing = store.editMode.value;

  /** Closes the menu with focus back on its button, so the dialog an item opens returns focus there. */
  const openDialog = (which: Exclude<Dialog, null>) => {
    close(true);
    setDialog(which);
  };

  const items: MenuItem[] = [];
  // The incumbent offers embedding to editors when the EmbeddedSuperset flag is on (the server's default).
  if (!editing && perms.canEdit && !store.isGuest && store.flags.EmbeddedSuperset !== false) items.push({ label: 'Embed dashboard', onSelect: () => openDialog('embed') });
  if (items.length === 0) return null;

  return (
    <div className="bi-dash-menu">
      <button type="button" className="bi-button bi-dash-actions__trigger" aria-label="More dashboard actions" {...triggerProps}>
        <Glyph name="more" />
      </button>
      {open && (
        <Portal>
          <PopupMenu id={menuId} label="Dashboard actions" items={items} anchor={trigger} initialFocus={initialFocus} onClose={close} />
        </Portal>
      )}
      {dialog === 'embed' && (
        <Suspense fallback={null}>
          <EmbedDashboardModal onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
