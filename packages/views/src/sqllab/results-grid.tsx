import { EllipsisVertical } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { CellViewer } from './cell-viewer';
import { SortArrow } from '../components/sort-arrow';
import { cellText, isViewerValue, searchRows, sortRows, visibleRange, type Row, type SortDirection } from './grid-model';
import { useTranslation } from '../i18n/locale-provider';

/** Fixed row height: what makes virtualisation a division instead of a measurement. */
export const GRID_ROW_HEIGHT = 28;
const HEADER_HEIGHT = 32;
const ROW_NUMBER_WIDTH = 64;
const COLUMN_WIDTH = 160;

export interface ResultsGridProps {
  columns: readonly string[];
  data: readonly Row[];
  /** Case-insensitive text matched against every cell. */
  search?: string;
  /** Height of the scroll viewport in px (measured when the browser can). */
  height?: number;
  copyText?(text: string): Promise<void>;
  /** Row order after search and sort, for the CSV of what the grid shows. */
  onOrderChange?(order: readonly number[]): void;
}

/**
 * A virtualised data grid (spec 2 §2): fixed-height rows of which only those in view (plus overscan) are in
 * the DOM, a sticky header, row numbers, a column menu (sort, copy column name) and the cell JSON viewer
 * for JSON or long values.
 *
 * @example
 * <ResultsGrid columns={['name', 'num']} data={rows} search="amy" />
 */
export function ResultsGrid({ columns, data, search = '', height = 400, copyText, onOrderChange }: ResultsGridProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height);
  const [sort, setSort] = useState<{ column: string; direction: SortDirection } | null>(null);
  const [menuColumn, setMenuColumn] = useState<string | null>(null);
  const [viewer, setViewer] = useState<{ column: string; value: unknown } | null>(null);

  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => el.clientHeight > 0 && setViewport(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const order = useMemo(() => {
    const matching = searchRows(data, columns, search);
    return sort ? sortRows(matching, data, sort.column, sort.direction) : matching;
  }, [data, columns, search, sort]);
  useEffect(() => {
    onOrderChange?.(order);
  }, [order, onOrderChange]);

  // A new result or search starts at the top.
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
    setScrollTop(0);
  }, [data, search]);

  const { start, end } = visibleRange(scrollTop, viewport - HEADER_HEIGHT, GRID_ROW_HEIGHT, order.length);
  const width = ROW_NUMBER_WIDTH + columns.length * COLUMN_WIDTH;
  const template = `${ROW_NUMBER_WIDTH}px repeat(${columns.length}, ${COLUMN_WIDTH}px)`;
  const rows = [];
  for (let i = start; i < end; i++) {
    const index = order[i]!;
    const row = data[index]!;
    rows.push(
      <div key={index} role="row" aria-rowindex={i + 2} className="bi-grid__row" style={{ top: HEADER_HEIGHT + i * GRID_ROW_HEIGHT, gridTemplateColumns: template, width }}>
        <div role="rowheader" className="bi-grid__rownum">
          {index + 1}
        </div>
        {columns.map((column) => {
          const value = row[column];
          const viewable = isViewerValue(value);
          return (
            <div
              key={column}
              role="gridcell"
              className={`bi-grid__cell${value === null || value === undefined ? ' bi-grid__cell--null' : ''}${viewable ? ' bi-grid__cell--viewable' : ''}`}
              onClick={viewable ? () => setViewer({ column, value }) : undefined}
              title={viewable ? t('Open in the viewer') : undefined}
            >
              {cellText(value)}
            </div>
          );
        })}
      </div>,
    );
  }

  const setSortFor = (column: string, direction: SortDirection | null) => {
    setSort(direction ? { column, direction } : null);
    setMenuColumn(null);
  };

  return (
    <div
      ref={scroller}
      className="bi-grid"
      role="grid"
      aria-rowcount={order.length + 1}
      aria-colcount={columns.length + 1}
      style={{ height }}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className="bi-grid__canvas" style={{ height: HEADER_HEIGHT + order.length * GRID_ROW_HEIGHT, width }}>
        <div role="row" aria-rowindex={1} className="bi-grid__header" style={{ gridTemplateColumns: template, width }}>
          <div role="columnheader" className="bi-grid__rownum">
            #
          </div>
          {columns.map((column) => (
            <div key={column} role="columnheader" className="bi-grid__th" aria-sort={sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
              <span className="bi-grid__th-name" title={column}>
                {column}
                {sort?.column === column && <SortArrow direction={sort.direction} />}
              </span>
              <button type="button" className="bi-grid__menu-button" aria-label={t('Column menu {column}', { column })} aria-haspopup="menu" onClick={() => setMenuColumn(menuColumn === column ? null : column)}>
                <EllipsisVertical size={14} aria-hidden="true" />
              </button>
              {menuColumn === column && (
                <div role="menu" className="bi-grid__menu">
                  <button type="button" role="menuitem" onClick={() => setSortFor(column, 'asc')}>
                    {t('Sort ascending')}
                  </button>
                  <button type="button" role="menuitem" onClick={() => setSortFor(column, 'desc')}>
                    {t('Sort descending')}
                  </button>
                  {sort?.column === column && (
                    <button type="button" role="menuitem" onClick={() => setSortFor(column, null)}>
                      {t('Clear sort')}
                    </button>
                  )}
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      void copyText?.(column).catch(() => undefined);
                      setMenuColumn(null);
                    }}
                  >
                    {t('Copy column name')}
                  </button>
                </div>
              )}
            </div>
          ))}
        </div>
        {rows}
      </div>
      {viewer && <CellViewer column={viewer.column} value={viewer.value} onHide={() => setViewer(null)} copyText={copyText} />}
    </div>
  );
}
