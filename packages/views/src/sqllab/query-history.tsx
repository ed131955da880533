import { statusColor } from './query-states';
import type { Query } from './sqllab-types';
import { useTranslation } from '../i18n/locale-provider';

export interface QueryHistoryProps {
  queries: readonly Query[];
  onRerun(query: Query): void;
  onOpenInNewTab(query: Query): void;
  onRemove(query: Query): void;
  onClearInactive(): void;
}

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString() : '');
const duration = (q: Query) => (q.endDttm ? `${((q.endDttm - q.startDttm) / 1000).toFixed(2)} s` : '');

/**
 * The tab's query history, newest first, each with its status colour (spec 3 §4) and re-run / open in a
 * new tab / remove actions.
 */
export function QueryHistory({ queries, onRerun, onOpenInNewTab, onRemove, onClearInactive }: QueryHistoryProps) {
  const { t } = useTranslation();
  const sorted = [...queries].sort((a, b) => b.startDttm - a.startDttm);
  return (
    <div className="bi-history">
      <div className="bi-results__bar">
        <button type="button" className="bi-button" onClick={onClearInactive} disabled={!queries.length}>
          {t('Clear inactive queries')}
        </button>
      </div>
      {sorted.length === 0 ? (
        <p className="bi-sqllab__empty">{t('No query history yet...')}</p>
      ) : (
        <table className="bi-history__table">
          <thead>
            <tr>
              <th>{t('State')}</th>
              <th>{t('Started')}</th>
              <th>{t('Duration')}</th>
              <th>{t('Rows')}</th>
              <th>SQL</th>
              <th>{t('Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((q) => (
              <tr key={q.id} data-query-id={q.id}>
                <td>
                  <span className={`bi-status bi-status--${statusColor(q.state)}`} data-state={q.state}>
                    {q.state}
                  </span>
                </td>
                <td>{time(q.startDttm)}</td>
                <td>{duration(q)}</td>
                <td>{q.rows ?? ''}</td>
                <td className="bi-history__sql" title={q.sql}>
                  {q.sql.length > 120 ? `${q.sql.slice(0, 120)}…` : q.sql}
                </td>
                <td className="bi-history__actions">
                  <button type="button" className="bi-link-button" onClick={() => onRerun(q)}>
                    {t('Re-run')}
                  </button>
                  <button type="button" className="bi-link-button" onClick={() => onOpenInNewTab(q)}>
                    {t('Open in new tab')}
                  </button>
                  <button type="button" className="bi-link-button" onClick={() => onRemove(q)}>
                    {t('Remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
