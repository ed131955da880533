import { X } from 'lucide-react';
import type { QueryEditor } from './sqllab-types';
import { truncateTabName } from './tab-names';
import { useTranslation } from '../i18n/locale-provider';

export interface TabStripProps {
  tabs: readonly QueryEditor[];
  activeId: string | null;
  onSelect(id: string): void;
  onAdd(): void;
  onClone(id: string): void;
  onRemove(id: string): void;
  onRename(id: string, name: string): void;
}

/**
 * The tab strip: names truncated to 20 characters (full name as title), add, clone, rename and close.
 * A tablist may hold only tabs (WCAG/ARIA), so the per-tab clone and close buttons are for the mouse only
 * (hidden from assistive technology, out of the tab order): the keyboard closes the focused tab with Delete,
 * and New tab sits beside the tablist.
 */
export function TabStrip({ tabs, activeId, onSelect, onAdd, onClone, onRemove, onRename }: TabStripProps) {
  const { t } = useTranslation();
  return (
    <div className="bi-sqllab__tabs">
      <div className="bi-sqllab__tablist" role="tablist" aria-label={t('Query tabs')}>
      {tabs.map((tab) => (
        <div key={tab.id} className={`bi-sqllab__tab${tab.id === activeId ? ' bi-sqllab__tab--active' : ''}`}>
          <button
            type="button"
            role="tab"
            aria-selected={tab.id === activeId}
            title={tab.name}
            aria-keyshortcuts="Delete"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => {
              if (event.key === 'Delete') onRemove(tab.id);
            }}
            onDoubleClick={() => {
              const name = globalThis.prompt?.(t('Rename tab'), tab.name);
              if (name?.trim()) onRename(tab.id, name.trim());
            }}
          >
            {truncateTabName(tab.name)}
          </button>
          {tab.id === activeId && (
            <button type="button" className="bi-sqllab__tab-action" aria-hidden="true" tabIndex={-1} title={t('Clone tab')} onClick={() => onClone(tab.id)}>
              {t('clone')}
            </button>
          )}
          <button type="button" className="bi-sqllab__tab-action" aria-hidden="true" tabIndex={-1} title={t('Close tab')} onClick={() => onRemove(tab.id)}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ))}
      </div>
      <button type="button" className="bi-sqllab__tab-add" aria-label={t('New tab')} title={t('New tab (Ctrl+T)')} onClick={onAdd}>
        +
      </button>
    </div>
  );
}
