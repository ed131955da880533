import { Skeleton } from '../components/skeleton';
import { CARD_GRID_COLUMN_WIDTH_PX, LOADING_SKELETON_CARDS } from '@lumen-bi/core';
import type { ReactNode } from 'react';
import type { ListRow } from './list-types';

export interface ListCardsProps<T extends ListRow> {
  rows: readonly T[];
  loading: boolean;
  renderCard(row: T): ReactNode;
  bulkSelect: boolean;
  selected: ReadonlySet<number>;
  onToggleRow(id: number): void;
}

const gridStyle = { gridTemplateColumns: `repeat(auto-fill, minmax(${CARD_GRID_COLUMN_WIDTH_PX}px, 1fr))` };

/** The card grid (300 px columns); while the first page loads, 25 skeleton cards hold the layout (spec 1 §9). */
export function ListCards<T extends ListRow>({ rows, loading, renderCard, bulkSelect, selected, onToggleRow }: ListCardsProps<T>) {
  if (loading && rows.length === 0) {
    return (
      <div className="bi-list-cards" style={gridStyle} aria-busy="true">
        <span className="bi-visually-hidden" role="status">
          Loading…
        </span>
        {Array.from({ length: LOADING_SKELETON_CARDS }, (_, i) => (
          <div key={i} className="bi-list-card bi-list-card--skeleton" data-testid="skeleton-card" aria-hidden="true">
            <Skeleton height={120} />
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="bi-list-cards" style={gridStyle} aria-busy={loading || undefined}>
      {rows.map((row) => (
        <article
          key={row.id}
          className={`bi-list-card${selected.has(row.id) ? ' bi-list-card--selected' : ''}`}
          data-row-id={row.id}
          onClick={bulkSelect ? () => onToggleRow(row.id) : undefined}
        >
          {bulkSelect && (
            <input
              type="checkbox"
              className="bi-list-card__check"
              aria-label={`Select row ${row.id}`}
              checked={selected.has(row.id)}
              onChange={() => onToggleRow(row.id)}
              onClick={(e) => e.stopPropagation()}
            />
          )}
          {renderCard(row)}
        </article>
      ))}
    </div>
  );
}
