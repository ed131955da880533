/**
 * Edit mode's builder pane: saved charts (GET /api/v1/chart/ with a rison search) and the layout elements
 * (markdown, header, divider, row, column, tabs), each draggable onto the grid.
 */
import { CHART_TYPE, COLUMN_TYPE, DIVIDER_TYPE, HEADER_TYPE, MARKDOWN_TYPE, ROW_TYPE, TABS_TYPE, SLOW_DEBOUNCE_MS, type LayoutComponentType } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { searchCharts } from './dashboard-api';
import { useDashboard } from './dashboard-context';
import { setDragPayload } from './drag-drop';

const ELEMENTS: { type: LayoutComponentType; label: string }[] = [
  { type: TABS_TYPE, label: 'Tabs' },
  { type: ROW_TYPE, label: 'Row' },
  { type: COLUMN_TYPE, label: 'Column' },
  { type: HEADER_TYPE, label: 'Header' },
  { type: MARKDOWN_TYPE, label: 'Text / Markdown' },
  { type: DIVIDER_TYPE, label: 'Divider' },
];

export function BuilderPane() {
  const { store } = useDashboard();
  const [tab, setTab] = useState<'charts' | 'elements'>('charts');
  const [text, setText] = useState('');
  const [charts, setCharts] = useState<{ id: number; slice_name: string; viz_type: string }[]>([]);
  useEffect(() => {
    const t = setTimeout(() => {
      searchCharts(store.api, text).then(setCharts, () => store.toasts?.danger('Could not fetch all saved charts'));
    }, text ? SLOW_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [text, store]);
  const placed = new Set(Object.values(store.layout.value).map((c) => c.meta?.chartId));
  return (
    <aside className="bi-dash-builder" aria-label="Dashboard components">
      <div role="tablist" className="bi-tabs bi-dash-builder__tabs" aria-label="Component kinds">
        <button type="button" role="tab" id="bi-dash-builder-charts" aria-selected={tab === 'charts'} onClick={() => setTab('charts')}>
          Charts
        </button>
        <button type="button" role="tab" id="bi-dash-builder-elements" aria-selected={tab === 'elements'} onClick={() => setTab('elements')}>
          Layout elements
        </button>
      </div>
      <div role="tabpanel" aria-labelledby={`bi-dash-builder-${tab}`}>
      {tab === 'charts' ? (
        <>
          <input className="bi-input" placeholder="Filter your charts" aria-label="Filter your charts" value={text} onChange={(e) => setText(e.target.value)} />
          <ul className="bi-dash-builder__list">
            {charts.map((c) => (
              <li
                key={c.id}
                draggable
                className={placed.has(c.id) ? 'bi-dash-builder__item--added' : ''}
                onDragStart={(e) => setDragPayload(e, { kind: 'new', type: CHART_TYPE, meta: { chartId: c.id, sliceName: c.slice_name } })}
              >
                <strong>{c.slice_name}</strong> <small>{c.viz_type}</small>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <ul className="bi-dash-builder__list">
          {ELEMENTS.map((el) => (
            <li key={el.type} draggable data-new-type={el.type} onDragStart={(e) => setDragPayload(e, { kind: 'new', type: el.type })}>
              {el.label}
            </li>
          ))}
        </ul>
      )}
      </div>
    </aside>
  );
}
