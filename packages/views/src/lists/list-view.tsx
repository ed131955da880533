import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BulkSelectBanner, type BulkAction } from './bulk-select-banner';
import { RangeFilter, SearchFilter, SelectFilter } from './filter-controls';
import { ListCards } from './list-cards';
import { ListEmptyState } from './list-empty-state';
import { ListPagination } from './list-pagination';
import { assertFiltersMatchColumns, hasActiveFilters, listQuery, pageCount, toApiFilters } from './list-query';
import { ListTable } from './list-table';
import { filterKey, type ApiFilter, type CardSortOption, type FilterOption, type FilterValue, type ListColumn, type ListFilterConfig, type ListResource, type ListRow, type ListState, type SortOrder, type ViewMode } from './list-types';
import { parseListState, serializeListState, type ListStateDefaults } from './list-url-state';
import { useListData } from './use-list-data';
import { LISTS_CSS } from './lists-styles';

/** Tools a page's actions get to act on the list after a change. */
export interface ListHelpers {
  refresh(): void;
  deselectAll(): void;
}

export interface ListViewProps<T extends ListRow> {
  client: ApiClient;
  resource: ListResource;
  /**
   * Where the rows are read from, when not `/api/v1/{resource}/`: roles list from `/roles/search/`, which adds
   * each role's user and permission ids. Writes, `_info` and filter lookups stay on the resource.
   */
  listPath?: string;
  columns: readonly ListColumn<T>[];
  filters?: readonly ListFilterConfig[];
  initialSort: { column: string; order: SortOrder };
  /** Offer the card view (and the card/table toggle) when given. */
  renderCard?: (row: T, helpers: ListHelpers) => ReactNode;
  defaultViewMode?: ViewMode;
  cardSortOptions?: readonly CardSortOption[];
  selectColumns?: readonly string[];
  /** Always-applied filters (e.g. the tag page's tag), never shown or kept in the address. */
  baseFilters?: readonly ApiFilter[];
  /** The address query string the state is read from; with `onUrlChange`, state changes are written back. */
  search?: string;
  onUrlChange?(search: string): void;
  /**
   * Bulk actions for the selected rows; when absent there is no bulk select. The selection spans pages and
   * filters, so `selected` holds every selected row (as last seen), not only the ones on screen.
   */
  bulkActions?: (selected: T[], helpers: ListHelpers) => BulkAction[];
  rowActions?: (row: T, helpers: ListHelpers) => ReactNode;
  /** Buttons beside the title (Import, + Dataset, ...). */
  headerActions?: ReactNode;
  title?: string;
  /** Changing it refetches (after an import or a modal save elsewhere on the page). */
  refreshKey?: number;
  compactRows?: boolean;
  /** Told the rows on screen after each fetch (pages that ask the server more about them: favourites). */
  onRowsChange?(rows: readonly T[]): void;
}

/**
 * One list screen for charts, dashboards, saved queries, datasets, databases and tags (spec 1 §2): filter
 * bar, card/table toggle, card sort, bulk select with its banner, paginated body, 'x-y of z', with every
 * choice kept in the address so a link or a reload shows the same list.
 *
 * @example
 * <ListView client={client} resource="chart" columns={columns} filters={filters}
 *   initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }} search={location.search} onUrlChange={replace} />
 */
export function ListView<T extends ListRow>(props: ListViewProps<T>) {
  const { client, resource, columns, filters = [], initialSort, renderCard, cardSortOptions, selectColumns, baseFilters, search = '', onUrlChange } = props;
  // A filter without a column is the developer's mistake: fail loudly on first render (spec 1 §5).
  assertFiltersMatchColumns(filters, columns as readonly ListColumn<ListRow>[]);

  const defaults = useMemo<ListStateDefaults>(
    () => ({ sortColumn: initialSort.column, sortOrder: initialSort.order, viewMode: renderCard ? (props.defaultViewMode ?? 'card') : 'table' }),
    [initialSort.column, initialSort.order, renderCard, props.defaultViewMode],
  );
  const [state, setState] = useState<ListState>(() => parseListState(search, defaults));
  const lastWritten = useRef(search);
  const [bulkSelect, setBulkSelect] = useState(false);
  // id -> row as last seen: a selection outlives paging and filtering (until Deselect all or leaving bulk
  // select), and bulk actions need the rows of other pages too (titles for the delete confirmation).
  const [selection, setSelection] = useState<ReadonlyMap<number, T>>(new Map());
  const selected = useMemo<ReadonlySet<number>>(() => new Set(selection.keys()), [selection]);
  const [localRefresh, setLocalRefresh] = useState(0);

  // The address changed under us (back/forward): read it again.
  useEffect(() => {
    if (search !== lastWritten.current) {
      lastWritten.current = search;
      setState(parseListState(search, defaults));
    }
  }, [search, defaults]);

  // Write the state back to the address; replace-only, so the list never floods the history.
  useEffect(() => {
    if (!onUrlChange) return;
    const next = serializeListState(state, defaults, lastWritten.current);
    if (next !== lastWritten.current) {
      lastWritten.current = next;
      onUrlChange(next);
    }
  }, [state, defaults, onUrlChange]);

  const apiFilters = toApiFilters(filters, state.filters, baseFilters);
  const query = listQuery(state, apiFilters, selectColumns);
  const data = useListData<T>(client, props.listPath ?? `/api/v1/${resource}/`, query, (props.refreshKey ?? 0) + localRefresh);
  const onRowsChange = useRef(props.onRowsChange);
  onRowsChange.current = props.onRowsChange;
  useEffect(() => onRowsChange.current?.(data.rows), [data.rows]);

  // Spec 1 §4: a page index beyond the page count resets to 0 (after deletes, a smaller page size, an old link).
  useEffect(() => {
    if (!data.loading && !data.error && state.pageIndex > 0 && state.pageIndex >= pageCount(data.count, state.pageSize)) {
      setState((s) => ({ ...s, pageIndex: 0 }));
    }
  }, [data.loading, data.error, data.count, state.pageIndex, state.pageSize]);

  const update = (patch: Partial<ListState>) => setState((s) => ({ ...s, ...patch }));
  const setFilter = (key: string, value: FilterValue | undefined) =>
    setState((s) => {
      const next = { ...s.filters };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return { ...s, filters: next, pageIndex: 0 };
    });
  const helpers: ListHelpers = {
    refresh: () => setLocalRefresh((n) => n + 1),
    deselectAll: () => setSelection(new Map()),
  };
  const toggleBulk = () => {
    // Spec 1 §4: leaving bulk-select mode clears the selection.
    if (bulkSelect) setSelection(new Map());
    setBulkSelect(!bulkSelect);
  };
  const toggleRow = (id: number) =>
    setSelection((s) => {
      const next = new Map(s);
      const row = data.rows.find((r) => r.id === id);
      if (next.has(id)) next.delete(id);
      else if (row) next.set(id, row);
      return next;
    });
  // 'Select all' acts on the rows on screen: it adds them, or removes them when all are selected already,
  // and leaves the selection made on other pages alone.
  const toggleAll = () =>
    setSelection((s) => {
      const next = new Map(s);
      if (data.rows.every((r) => s.has(r.id))) data.rows.forEach((r) => next.delete(r.id));
      else data.rows.forEach((r) => next.set(r.id, r));
      return next;
    });

  const filtered = hasActiveFilters(filters, state.filters);
  const cardMode = Boolean(renderCard) && state.viewMode === 'card';
  const selectedRows = [...selection.values()];
  const currentSort = cardSortOptions?.find((o) => o.column === state.sortColumn && o.order === state.sortOrder);

  let body: ReactNode;
  if (data.error) {
    body = (
      <p className="bi-field-error" role="alert">
        {data.error}
      </p>
    );
  } else if (!data.loading && data.rows.length === 0) {
    body = <ListEmptyState filtered={filtered} onClearFilters={() => update({ filters: {}, pageIndex: 0 })} />;
  } else if (cardMode && renderCard) {
    body = <ListCards rows={data.rows} loading={data.loading} renderCard={(row) => renderCard(row, helpers)} bulkSelect={bulkSelect} selected={selected} onToggleRow={toggleRow} />;
  } else {
    body = (
      <ListTable
        columns={columns}
        rows={data.rows}
        loading={data.loading}
        sortColumn={state.sortColumn}
        sortOrder={state.sortOrder}
        onSort={(next) => update(next ? { sortColumn: next.column, sortOrder: next.order } : { sortColumn: defaults.sortColumn, sortOrder: defaults.sortOrder })}
        bulkSelect={bulkSelect}
        selected={selected}
        onToggleRow={toggleRow}
        onToggleAll={toggleAll}
        compact={props.compactRows}
        actions={props.rowActions ? (row) => props.rowActions!(row, helpers) : undefined}
      />
    );
  }

  return (
    <section className="bi-list" aria-label={props.title ?? resource} data-list-resource={resource}>
      <style>{LISTS_CSS}</style>
      <header className="bi-list__header">
        {props.title && <h1>{props.title}</h1>}
        <div className="bi-list__header-actions">
          {props.bulkActions && (
            <button type="button" className="bi-button" aria-pressed={bulkSelect} onClick={toggleBulk}>
              {bulkSelect ? 'Cancel bulk select' : 'Bulk select'}
            </button>
          )}
          {props.headerActions}
        </div>
      </header>
      <div className="bi-list__controls">
        {renderCard && (
          <div className="bi-list__toggle" role="group" aria-label="View mode">
            <button type="button" className="bi-button" aria-pressed={cardMode} onClick={() => update({ viewMode: 'card' })}>
              Card view
            </button>
            <button type="button" className="bi-button" aria-pressed={!cardMode} onClick={() => update({ viewMode: 'table' })}>
              List view
            </button>
          </div>
        )}
        <div className="bi-list__filters" role="search">
          {filters.map((config) => {
            const key = filterKey(config);
            const value = state.filters[key];
            if (config.kind === 'search') return <SearchFilter key={key} config={config} value={typeof value === 'string' ? value : undefined} onChange={(v) => setFilter(key, v)} />;
            if (config.kind === 'range') return <RangeFilter key={key} config={config} value={Array.isArray(value) ? value : undefined} onChange={(v) => setFilter(key, v)} />;
            const option = value && typeof value === 'object' && !Array.isArray(value) ? (value as FilterOption) : undefined;
            return <SelectFilter key={key} client={client} resource={resource} config={config} value={option} onChange={(v) => setFilter(key, v)} />;
          })}
        </div>
        {cardMode && cardSortOptions && (
          <label className="bi-list-filter">
            <span className="bi-list-filter__label">Sort</span>
            <select
              aria-label="Sort"
              value={currentSort ? `${currentSort.column}:${currentSort.order}` : ''}
              onChange={(e) => {
                const [column, order] = e.target.value.split(':');
                update({ sortColumn: column, sortOrder: order as SortOrder });
              }}
            >
              {!currentSort && <option value="">—</option>}
              {cardSortOptions.map((o) => (
                <option key={`${o.column}:${o.order}`} value={`${o.column}:${o.order}`}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {bulkSelect && props.bulkActions && <BulkSelectBanner selectedCount={selected.size} actions={props.bulkActions(selectedRows, helpers)} onDeselectAll={helpers.deselectAll} />}
      <div className="bi-list__body">{body}</div>
      {!data.error && data.count > 0 && (
        <ListPagination
          pageIndex={state.pageIndex}
          pageSize={state.pageSize}
          count={data.count}
          onPage={(pageIndex) => update({ pageIndex })}
          onPageSize={(pageSize) => update({ pageSize, pageIndex: 0 })}
        />
      )}
    </section>
  );
}
