import { ArrowDown, ArrowUp } from 'lucide-react';

/**
 * The sort direction mark of a sorted column header. Decorative: the header carries aria-sort.
 *
 * @example
 * <th aria-sort="ascending">Name <SortArrow direction="asc" /></th>
 */
export function SortArrow({ direction }: { direction: 'asc' | 'desc' }) {
  const Arrow = direction === 'asc' ? ArrowUp : ArrowDown;
  return <Arrow className="bi-sort-arrow" size={14} aria-hidden="true" data-direction={direction} />;
}
