import type { QueryEditor } from './sqllab-types';
import { truncateTabName } from './tab-names';

export interface TabStripProps {
  tabs: readonly QueryEditor[];
  activeId: string | null;
  onSelect(id: string): void;
  onAdd(): void;
  onClone(id: string): void;
  onRemove(id: string): void;
  onRename(id: string, name: string): void;
}

/** The tab strip: names truncated to 20 characters (full name as title), add, clone, rename and close. */
export function TabStrip({ tabs, activeId, onSelect, onAdd, onClone, onRemove, onRename }: TabStripProps) {
  return (
    <div className="bi-sqllab__tabs" role="tablist" aria-label="Query tabs">
      {tabs.map((tab) => (
        <div key={tab.id} className={`bi-sqllab__tab${tab.id === activeId ? ' bi-sqllab__tab--active' : ''}`}>
          <button
            type="button"
            role="tab"
            aria-selected={tab.id === activeId}
            title={tab.name}
            onClick={() => onSelect(tab.id)}
            onDoubleClick={() => {
              const name = globalThis.prompt?.('Rename tab', tab.name);
              if (name?.trim()) onRename(tab.id, name.trim());
            }}
          >
            {truncateTabName(tab.name)}
          </button>
          {tab.id === activeId && (
            <button type="button" className="bi-sqllab__tab-action" aria-label={`Clone ${tab.name}`} title="Clone tab" onClick={() => onClone(tab.id)}>
              clone
            </button>
          )}
          <button type="button" className="bi-sqllab__tab-action" aria-label={`Close ${tab.name}`} title="Close tab" onClick={() => onRemove(tab.id)}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="bi-sqllab__tab-add" aria-label="New tab" title="New tab (Ctrl+T)" onClick={onAdd}>
        +
      </button>
    </div>
  );
}
