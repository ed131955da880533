import { TABLE_PAGE_SIZE_OPTIONS } from '@lumen-bi/core';
import { pageCount, rowCountText } from './list-query';

export interface ListPaginationProps {
  pageIndex: number;
  pageSize: number;
  count: number;
  onPage(pageIndex: number): void;
  onPageSize(pageSize: number): void;
}

/** Previous/next, page numbers around the current one, the page-size choice (5, 15, 25, 50, 100) and 'x-y of z'. */
export function ListPagination({ pageIndex, pageSize, count, onPage, onPageSize }: ListPaginationProps) {
  const pages = pageCount(count, pageSize);
  const first = Math.max(0, Math.min(pageIndex - 2, pages - 5));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="bi-list-pagination" aria-label="Pagination">
      <button type="button" className="bi-button" disabled={pageIndex <= 0} onClick={() => onPage(pageIndex - 1)} aria-label="Previous page">
        ‹
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={`bi-button${n === pageIndex ? ' bi-button--primary' : ''}`}
          aria-current={n === pageIndex ? 'page' : undefined}
          aria-label={`Page ${n + 1}`}
          onClick={() => onPage(n)}
        >
          {n + 1}
        </button>
      ))}
      <button type="button" className="bi-button" disabled={pageIndex >= pages - 1} onClick={() => onPage(pageIndex + 1)} aria-label="Next page">
        ›
      </button>
      <label className="bi-list-pagination__size">
        <span>Page size</span>
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {TABLE_PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="bi-list-pagination__count" data-testid="row-count">
        {rowCountText(pageIndex, pageSize, count)}
      </span>
    </nav>
  );
}
