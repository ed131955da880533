import { msg } from '@lumen-bi/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ErrorPanel } from '../components/error-panel';
import { withIssueCodesOnce } from '../components/issue-codes';
import { toCsv } from './grid-model';
import { limitMessage } from './limit-message';
import { statusColor } from './query-states';
import { ResultsGrid } from './results-grid';
import type { SqlAnnotation } from './codemirror-editor';
import type { Query } from './sqllab-types';
import { useTranslation } from '../i18n/locale-provider';

export interface ResultsPaneProps {
  query: Query | null;
  /** can_csv (spec 3 §6): offers the CSV download of the loaded rows. */
  canCsv: boolean;
  /** Validation errors of the tab's SQL, shown with a caret under the failing column. */
  annotations: readonly SqlAnnotation[];
  sqlOfTab: string;
  height: number;
  copyText?(text: string): Promise<void>;
  download?(fileName: string, text: string): void;
  onCreateDataset?(query: Query): void;
  /** Data previews do not offer 'Create dataset'. */
  preview?: boolean;
}

const STATE_LABELS: Record<string, string> = {
  started: msg('Started'),
  pending: msg('Pending'),
  running: msg('Running'),
  fetching: msg('Fetching results'),
  scheduled: msg('Scheduled'),
  stopped: msg('Stopped'),
  failed: msg('Failed'),
  success: msg('Success'),
  timed_out: msg('Timed out'),
};

/** The results of one query: status, errors (with a caret for SQL errors), the grid and its actions. */
export function ResultsPane({ query, canCsv, annotations, sqlOfTab, height, copyText, download, onCreateDataset, preview = false }: ResultsPaneProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const order = useRef<readonly number[] | null>(null);
  const onOrderChange = useCallback((o: readonly number[]) => (order.current = o), []);
  // Stable per result: the grid re-searches its rows whenever the column list changes identity.
  const results = query?.results ?? null;
  const columns = useMemo(() => (results ? results.columns.map((c) => c.column_name ?? c.name ?? '') : []), [results]);
  if (!query) return <p className="bi-sqllab__empty">{t('Run a query to display results')}</p>;
  const status = (
    <span className={`bi-status bi-status--${statusColor(query.state)}`} data-state={query.state}>
      {STATE_LABELS[query.state] ? t(STATE_LABELS[query.state]!) : query.state}
    </span>
  );
  if (query.state === 'failed' || query.state === 'timed_out') {
    const lines = sqlOfTab.split('\n');
    return (
      <div className="bi-results" data-query-state={query.state}>
        <div className="bi-results__bar">{status}</div>
        {query.errors.length ? withIssueCodesOnce(query.errors).map((error, i) => <ErrorPanel key={i} error={error} title={query.state === 'timed_out' ? t('Timeout error') : t('Database error')} />) : <ErrorPanel error={query.errorMessage ?? t('Unknown error')} />}
        {annotations.map((a, i) => (
          <div key={i} className="bi-sql-annotation" role="note">
            <p>
              {t('Line {line}, column {column}: {message}', { line: a.line_number, column: a.start_column, message: a.message })}
            </p>
            <pre>
              {lines[a.line_number - 1] ?? ''}
              {'\n'}
              {' '.repeat(Math.max(0, a.start_column - 1))}^
            </pre>
          </div>
        ))}
        {query.link && (
          <a href={query.link} target="_blank" rel="noreferrer">
            {t('See more')}
          </a>
        )}
      </div>
    );
  }
  if (query.state !== 'success' || !query.results) {
    return (
      <div className="bi-results" data-query-state={query.state}>
        <div className="bi-results__bar">
          {status}
          {query.state === 'stopped' && <span>{t('The query was stopped.')}</span>}
          {(query.state === 'running' || query.state === 'pending' || query.state === 'fetching') && <progress aria-label={t('Query progress')} max={100} value={query.progress || undefined} />}
        </div>
      </div>
    );
  }
  const { data } = query.results;
  const limit = limitMessage(query.limitingFactor, data.length, t);
  const csv = () => download?.(`${(query.tab ?? 'query').replace(/[^\w-]+/g, '_')}_${query.id}.csv`, toCsv(columns, data, order.current ?? undefined));
  return (
    <div className="bi-results" data-query-state={query.state}>
      <div className="bi-results__bar">
        {status}
        <span className="bi-results__rows">{t('{count} rows', { count: data.length.toLocaleString() })}</span>
        {limit && <span className="bi-results__limit">{limit}</span>}
        <input className="bi-input bi-results__search" type="search" placeholder={t('Filter results')} aria-label={t('Filter results')} value={search} onChange={(e) => setSearch(e.target.value)} />
        {canCsv && download && (
          <button type="button" className="bi-button" onClick={csv}>
            {t('Download to CSV')}
          </button>
        )}
        {copyText && (
          <button type="button" className="bi-button" onClick={() => void copyText(toCsv(columns, data).replace(/,/g, '\t')).catch(() => undefined)}>
            {t('Copy to clipboard')}
          </button>
        )}
        {!preview && onCreateDataset && (
          <button type="button" className="bi-button" onClick={() => onCreateDataset(query)}>
            {t('Create dataset')}
          </button>
        )}
      </div>
      <ResultsGrid columns={columns} data={data} search={search} height={height} copyText={copyText} onOrderChange={onOrderChange} />
    </div>
  );
}
