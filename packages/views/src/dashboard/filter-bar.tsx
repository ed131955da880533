/**
 * The native filter bar (spec 2 §3-§5): vertical beside the grid or horizontal above it
 * (filter_bar_orientation), collapsible, hidden by the embedding flag filtersVisible=false and collapsed
 * at start when filtersExpanded=false. Apply makes the draft masks the applied ones; Clear all empties
 * every filter at once.
 */
import { Tooltip } from '../components/tooltip';
import { PanelLeftClose, PanelLeftOpen, X } from '../components/icons';
import { useSignals } from '@preact/signals-react/runtime';
import { NATIVE_FILTER_DIVIDER, type NativeFilterDivider } from '@lumen-bi/core';
import { lazy, Suspense, useState } from 'react';
import { useDashboard } from './dashboard-context';
import { FilterControl } from './filter-controls';
import { isNativeFilter, validateRange } from './filter-data-masks';

/** The filter configuration dialog (an editor's), loaded when opened: a viewer's first load does without it. */
const FilterConfigModal = lazy(() => import('./filter-config-modal').then((module) => ({ default: module.FilterConfigModal })));

export function FilterBar({ orientation }: { orientation: 'VERTICAL' | 'HORIZONTAL' }) {
  useSignals();
  const { store, uiConfig } = useDashboard();
  const [expanded, setExpanded] = useState(uiConfig.filtersExpanded !== false);
  const [configOpen, setConfigOpen] = useState(false);
  const filters = store.filters.value;
  const canConfigure = store.permissions.value.canEditFilters;
  const crossFilters = store.crossFilters.value;
  if (filters.length === 0 && !canConfigure && crossFilters.length === 0) return null;
  const draft = store.draftDataMask.value;
  const rangeInvalid = store.nativeFilters.value.some((f) => f.filterType === 'filter_range' && validateRange(draft[f.id]?.filterState?.value) !== null);
  const applyDisabled = !store.hasDraftChanges.value || store.missingRequired.value.length > 0 || rangeInvalid;

  if (!expanded) {
    return (
      <aside className={`bi-dash-filter-bar bi-dash-filter-bar--${orientation.toLowerCase()} bi-dash-filter-bar--collapsed`} aria-label="Filters">
        <button type="button" className="bi-button" aria-label="Expand filter bar" onClick={() => setExpanded(true)}>
          <PanelLeftOpen size={16} aria-hidden="true" /> Filters
        </button>
      </aside>
    );
  }
  return (
    <aside className={`bi-dash-filter-bar bi-dash-filter-bar--${orientation.toLowerCase()}`} aria-label="Filters">
      <div className="bi-dash-filter-bar__head">
        <strong>Filters</strong>
        {canConfigure && (
          <button type="button" className="bi-link-button" onClick={() => setConfigOpen(true)}>
            + Add / Edit filters
          </button>
        )}
        <Tooltip content="Collapse filter bar">
          <button type="button" className="bi-dash-icon-button" aria-label="Collapse filter bar" onClick={() => setExpanded(false)}>
            <PanelLeftClose size={16} aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
      {crossFilters.length > 0 && (
        <section className="bi-dash-cross-filters" aria-label="Cross-filters">
          <div className="bi-dash-cross-filters__head">
            <strong>Cross-filters</strong>
            <button type="button" className="bi-link-button" onClick={() => store.clearCrossFilters()}>
              Clear cross-filters
            </button>
          </div>
          <ul className="bi-dash-cross-filters__list">
            {crossFilters.map((f) => (
              <li key={f.chartId} className="bi-dash-cross-filter" data-cross-filter-chart={f.chartId}>
                <span className="bi-dash-cross-filter__chart">{f.chartName}</span>{' '}
                <span className="bi-dash-cross-filter__value">
                  {f.column}: <strong>{f.label}</strong>
                </span>
                <button type="button" className="bi-dash-icon-button" aria-label={`Clear cross-filter of ${f.chartName}`} onClick={() => store.setCrossFilter(f.chartId, null)}>
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="bi-dash-filter-bar__filters">
        {filters.map((f) =>
          isNativeFilter(f) ? (
            <FilterControl key={f.id} filter={f} />
          ) : f.type === NATIVE_FILTER_DIVIDER ? (
            <div key={f.id} className="bi-dash-filter-divider" data-filter-id={f.id}>
              <strong>{(f as NativeFilterDivider).title}</strong>
              {(f as NativeFilterDivider).description && <p>{(f as NativeFilterDivider).description}</p>}
            </div>
          ) : null,
        )}
        {filters.length === 0 && <p className="bi-dash-muted">No filters are currently added to this dashboard.</p>}
      </div>
      <div className="bi-dash-filter-bar__actions">
        <button type="button" className="bi-button" onClick={() => store.clearAllFilters()}>
          Clear all
        </button>
        <button type="button" className="bi-button bi-button--primary" disabled={applyDisabled} onClick={() => store.applyFilters()}>
          Apply filters
        </button>
      </div>
      {configOpen && (
        <Suspense fallback={null}>
          <FilterConfigModal onClose={() => setConfigOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
