import { Tooltip } from '../components/tooltip';
import { Asterisk, ChevronDown, ChevronRight, Table2, X } from 'lucide-react';
import type { TableSchema } from './sqllab-types';
import { LoadingLines } from '../components/skeleton';
import { useTranslation } from '../i18n/locale-provider';

export interface TableSchemaPanelProps {
  table: TableSchema;
  onExpand(): void;
  onCollapse(): void;
  onRemove(): void;
  onSelectStar(): void;
  onPreview(): void;
}

/** Key badges of a column: PK, FK, index (from the table metadata's keys). */
const keyBadges = (table: TableSchema, column: string): string[] => {
  const badges: string[] = [];
  if (table.primaryKey?.column_names.includes(column)) badges.push('PK');
  if (table.foreignKeys.some((fk) => fk.column_names.includes(column))) badges.push('FK');
  if (table.indexes.some((ix) => ix.column_names.includes(column))) badges.push('IDX');
  return badges;
};

/**
 * One table of the left bar: columns with types and keys, indexes, and the select-star, preview, collapse
 * and remove actions (spec 3 §4 table schema operations).
 */
export function TableSchemaPanel({ table, onExpand, onCollapse, onRemove, onSelectStar, onPreview }: TableSchemaPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="bi-table-schema" aria-label={t('Table {name}', { name: table.name })}>
      <header className="bi-table-schema__header">
        <button type="button" className="bi-link-button" aria-expanded={table.expanded} onClick={table.expanded ? onCollapse : onExpand}>
          {table.expanded ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />} {table.schema ? `${table.schema}.` : ''}
          {table.name}
        </button>
        <span className="bi-table-schema__actions">
          <Tooltip content={t('Copy SELECT statement to the editor')}>
            <button type="button" className="bi-link-button" aria-label={t('Select star {name}', { name: table.name })} onClick={onSelectStar} disabled={!table.selectStar}>
              <Asterisk size={14} aria-hidden="true" />
            </button>
          </Tooltip>
          <Tooltip content={t('Preview data')}>
            <button type="button" className="bi-link-button" aria-label={t('Preview {name}', { name: table.name })} onClick={onPreview} disabled={!table.selectStar}>
              <Table2 size={14} aria-hidden="true" />
            </button>
          </Tooltip>
          <Tooltip content={t('Remove table')}>
            <button type="button" className="bi-link-button" aria-label={t('Remove {name}', { name: table.name })} onClick={onRemove}>
              <X size={14} aria-hidden="true" />
            </button>
          </Tooltip>
        </span>
      </header>
      {table.expanded &&
        (table.isMetadataLoading ? (
          <LoadingLines label={t('Loading table metadata')} />
        ) : (
          <>
            <ul className="bi-table-schema__columns">
              {table.columns.map((column) => (
                <li key={column.name}>
                  <span className="bi-table-schema__column">{column.name}</span>
                  {keyBadges(table, column.name).map((b) => (
                    <span key={b} className="bi-key-badge" title={b === 'PK' ? t('Primary key') : b === 'FK' ? t('Foreign key') : t('Index')}>
                      {b}
                    </span>
                  ))}
                  <span className="bi-table-schema__type">{column.type ?? ''}</span>
                </li>
              ))}
            </ul>
            {table.indexes.length > 0 && (
              <details className="bi-table-schema__indexes">
                <summary>{t('Indexes ({count})', { count: table.indexes.length })}</summary>
                <ul>
                  {table.indexes.map((ix, i) => (
                    <li key={ix.name ?? i}>
                      {ix.name ?? 'index'}: {ix.column_names.join(', ')}
                      {ix.unique ? ` ${t('(unique)')}` : ''}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        ))}
    </section>
  );
}
