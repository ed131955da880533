export interface BulkAction {
  key: string;
  label: string;
  /** Danger actions (delete) are styled apart so they are not hit by mistake. */
  danger?: boolean;
  onSelect(): void;
}

export interface BulkSelectBannerProps {
  selectedCount: number;
  actions: readonly BulkAction[];
  onDeselectAll(): void;
}

/** The bulk-select banner (spec 1 §2): the selected count, Deselect all, the bulk actions and Add Tag. */
export function BulkSelectBanner({ selectedCount, actions, onDeselectAll }: BulkSelectBannerProps) {
  return (
    <div className="bi-list-bulk" role="region" aria-label="Bulk actions">
      <span className="bi-list-bulk__count">{selectedCount} Selected</span>
      {selectedCount > 0 && (
        <>
          <button type="button" className="bi-link-button" onClick={onDeselectAll}>
            Deselect all
          </button>
          {actions.map((action) => (
            <button key={action.key} type="button" className={`bi-button${action.danger ? ' bi-button--danger' : ''}`} onClick={action.onSelect}>
              {action.label}
            </button>
          ))}
        </>
      )}
    </div>
  );
}
