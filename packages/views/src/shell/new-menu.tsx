import type { ApiClient } from '@lumen-bi/core';
import { lazy, Suspense, useState } from 'react';
import { Glyph } from '../components/glyphs';
import { type MenuItem, PopupMenu } from '../components/popup-menu';
import { useMenuButton } from '../components/use-menu-button';
import { Portal } from '../components/portal';
import type { ToastStore } from '../components/toast-store';
import { useTranslation } from '../i18n/locale-provider';
import { createUploader } from '../import/import-upload';
import type { CurrentUser } from '../session/current-user';
import type { UploadFileType } from '../upload/upload-types';
import { newMenuEntries, type NewMenuEntry } from './new-menu-items';

// The modals load on first use, so every page's shell stays small.
const DatabaseModal = lazy(() => import('../databases/database-modal').then((m) => ({ default: m.DatabaseModal })));
const UploadDataModal = lazy(() => import('../upload/upload-data-modal').then((m) => ({ default: m.UploadDataModal })));

export interface NewMenuProps {
  user: Pick<CurrentUser, 'roles'>;
  /** The session's client, for the upload and database modals. */
  client: ApiClient;
  toasts: ToastStore;
  onNavigate?: (href: string) => void;
}

type Dialog = { kind: 'upload'; type: UploadFileType } | { kind: 'connect-database' } | null;

/**
 * The top navigation's '+' menu (a WAI-ARIA menu button): SQL query, Chart, Dashboard, the upload modals
 * and Connect database, each only when the user's roles allow it; nothing at all when none is allowed.
 * Arrow keys open it at the first or last entry, Escape closes it and returns focus to the button.
 *
 * @example
 * <NewMenu user={user} client={client} toasts={toasts} onNavigate={navigate} />
 */
export function NewMenu({ user, client, toasts, onNavigate }: NewMenuProps) {
  const { t } = useTranslation();
  const { open, setOpen, initialFocus, menuId, trigger, close, triggerProps } = useMenuButton();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [upload] = useState(() => createUploader(client));
  const entries = newMenuEntries(user.roles);
  if (entries.length === 0) return null;

  const choose = (entry: NewMenuEntry) => {
    setOpen(false);
    const { action } = entry;
    if (action.kind !== 'link') setDialog(action);
    else if (onNavigate) onNavigate(action.href);
    else window.location.assign(action.href);
  };
  const items: MenuItem[] = entries.map((entry) => ({ label: t(entry.label), onSelect: () => choose(entry) }));

  return (
    <div className="bi-new-menu">
      <button type="button" className="bi-topnav__icon-button" aria-label={t('New')} title={t('New')} {...triggerProps}>
        <Glyph name="plus" />
      </button>
      {open && (
        <Portal>
          <PopupMenu id={menuId} label={t('New')} items={items} anchor={trigger} initialFocus={initialFocus} onClose={close} />
        </Portal>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'connect-database' ? (
            <DatabaseModal client={client} show toasts={toasts} onHide={() => setDialog(null)} />
          ) : (
            <UploadDataModal client={client} upload={upload} toasts={toasts} type={dialog.type} onHide={() => setDialog(null)} />
          )}
        </Suspense>
      )}
    </div>
  );
}
