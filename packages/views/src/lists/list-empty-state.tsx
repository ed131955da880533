import { LIST_MESSAGES } from './list-messages';

export interface ListEmptyStateProps {
  filtered: boolean;
  onClearFilters(): void;
}

/** The two empty states of spec 1 §2, word for word: one for filters that match nothing, one for no data at all. */
export function ListEmptyState({ filtered, onClearFilters }: ListEmptyStateProps) {
  if (!filtered) {
    return (
      <div className="bi-list-empty" role="status">
        <p className="bi-list-empty__title">{LIST_MESSAGES.noData}</p>
      </div>
    );
  }
  return (
    <div className="bi-list-empty" role="status">
      <p className="bi-list-empty__title">{LIST_MESSAGES.noResultsTitle}</p>
      <p className="bi-list-empty__text">{LIST_MESSAGES.noResultsText}</p>
      <button type="button" className="bi-button bi-button--primary" onClick={onClearFilters}>
        {LIST_MESSAGES.clearAllFilters}
      </button>
    </div>
  );
}
