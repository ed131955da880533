/**
 * Tabs: the active tab's content only is mounted (so charts of inactive tabs do not query until shown);
 * tab ids double as hash anchors. The top-level tabs can be hidden by the embedding flag hideTab.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { DASHBOARD_ROOT_ID, type LayoutComponent } from '@lumen-bi/core';
import { useDashboard } from './dashboard-context';
import { EditControls, GridContainer, useDropZone } from './layout-grid';
import { useState } from 'react';

export function TabsComponent({ component }: { component: LayoutComponent }) {
  useSignals();
  const { store, uiConfig, edit } = useDashboard();
  const layout = store.layout.value;
  const { over, handlers } = useDropZone(component.id, true);
  const editing = edit !== null;
  const [renaming, setRenaming] = useState<string | null>(null);
  const active = component.children.find((t) => store.activeTabs.value.includes(t)) ?? component.children[0];
  const topLevel = layout[DASHBOARD_ROOT_ID]?.children.includes(component.id);
  const hideStrip = topLevel && uiConfig.hideTab && !editing;
  return (
    <div className="bi-dash-tabs" data-layout-id={component.id}>
      <EditControls id={component.id} label="tabs" />
      {!hideStrip && (
        <div className={`bi-dash-tabs__strip${over ? ' bi-dash-drop--over' : ''}`} {...handlers}>
          {/* Add tab sits beside the tab list, not in it: a tab list holds tabs only. */}
          {/* A tab list may hold tabs only: while a title is edited in place the strip is a plain group of
              buttons and the title field, and becomes a tab list again when the field closes. */}
          <div className="bi-dash-tabs__list" role={renaming ? 'group' : 'tablist'} aria-label={renaming ? 'Tabs' : undefined}>
            {component.children.map((tabId) => {
              const text = String(layout[tabId]?.meta?.text ?? 'Tab');
              return (
                <div key={tabId} className="bi-dash-tab" data-layout-id={tabId}>
                  {edit && renaming === tabId ? (
                    <edit.TabTitleEditor title={text} onCommit={(name) => store.updateLayout(edit.updateMeta(store.layout.value, tabId, { text: name }))} onClose={() => setRenaming(null)} />
                  ) : (
                  <button
                    type="button"
                    role={renaming ? undefined : 'tab'}
                    id={`${tabId}-button`}
                    aria-selected={renaming ? undefined : tabId === active}
                    className={`bi-dash-tab__button${tabId === active ? ' bi-dash-tab__button--active' : ''}`}
                    onClick={() => store.setActiveTab(component.id, tabId)}
                    onDoubleClick={() => editing && setRenaming(tabId)}
                    title={editing ? 'Double-click to rename' : undefined}
                  >
                    {text}
                  </button>
                  )}
                </div>
              );
            })}
          </div>
          {edit && <edit.AddTabButton store={store} tabs={component} />}
        </div>
      )}
      {active && layout[active] && (
        <div role="tabpanel" aria-labelledby={`${active}-button`} id={active}>
          <GridContainer key={active} component={layout[active]} />
        </div>
      )}
    </div>
  );
}
