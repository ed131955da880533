import type { CostEstimate, Query, QueryEditor } from './sqllab-types';
import { isInProgress } from './query-states';
import { parseTemplateParams } from './template-params';
import { Select } from '../components/select';
import { useTranslation } from '../i18n/locale-provider';

/** Limit dropdown choices, capped by the configured maximum (SQL_MAX_ROW). */
export function limitChoices(defaultLimit: number, maxRow: number): number[] {
  const base = [10, 100, 1000, 10000, 100000];
  return [...new Set([...base, defaultLimit])].filter((n) => n <= maxRow).sort((a, b) => a - b);
}

export interface EditorToolbarProps {
  tab: QueryEditor;
  latestQuery: Query | null;
  limits: readonly number[];
  estimate: CostEstimate | null;
  showTemplateParams: boolean;
  /** False hides Save, Schedule and Copy link (a guest's SQL Lab keeps nothing on the server). */
  allowSaving?: boolean;
  onRun(): void;
  onRunSelection(): void;
  onStop(query: Query): void;
  onLimit(limit: number): void;
  onSave(): void;
  onSchedule(): void;
  onShare(): void;
  onEstimate(): void;
  onFormat(): void;
  onToggleLeftBar(): void;
  onToggleTemplateParams(): void;
  onTemplateParams(text: string): void;
}

/** Run/Stop, limit, save, schedule, share, estimate, format and the template parameters editor. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { tab, latestQuery } = props;
  const { t } = useTranslation();
  const running = latestQuery !== null && isInProgress(latestQuery.state);
  const paramsInvalid = parseTemplateParams(tab.templateParams) === null;
  return (
    <div className="bi-sqllab__toolbar">
      <div className="bi-sqllab__toolbar-row">
        {running ? (
          <button type="button" className="bi-button bi-button--danger" onClick={() => props.onStop(latestQuery)}>
            {t('Stop')}
          </button>
        ) : (
          <button type="button" className="bi-button bi-button--primary" onClick={props.onRun} disabled={tab.dbId == null} title={t('Run (Ctrl+Enter)')}>
            {tab.selectedText ? t('Run selection') : t('Run')}
          </button>
        )}
        <div className="bi-sqllab__limit">
          <span aria-hidden="true">{t('Limit')}</span>
          <Select label={t('Limit')} options={props.limits.map((n) => ({ value: n, label: n.toLocaleString() }))} value={tab.queryLimit} onChange={(v) => typeof v === 'number' && props.onLimit(v)} />
        </div>
        <button type="button" className="bi-button" onClick={props.onEstimate} disabled={tab.dbId == null}>
          {t('Estimate cost')}
        </button>
        <button type="button" className="bi-button" onClick={props.onFormat} title={t('Format SQL (Ctrl+Shift+F)')}>
          {t('Format SQL')}
        </button>
        <button type="button" className="bi-button" onClick={props.onToggleTemplateParams} aria-pressed={props.showTemplateParams}>
          {t('Parameters')}
        </button>
        <span className="bi-sqllab__spacer" />
        <button type="button" className="bi-button" onClick={props.onToggleLeftBar}>
          {tab.hideLeftBar ? t('Show left bar') : t('Hide left bar')}
        </button>
        {props.allowSaving !== false && (
          <>
            <button type="button" className="bi-button" onClick={props.onSave} title={t('Save (Ctrl+S)')}>
              {t('Save')}
            </button>
            <button type="button" className="bi-button" onClick={props.onSchedule}>
              {t('Schedule')}
            </button>
            <button type="button" className="bi-button" onClick={props.onShare} disabled={tab.dbId == null}>
              {t('Copy link')}
            </button>
          </>
        )}
      </div>
      {props.estimate && (
        <div className="bi-sqllab__estimate" role="status">
          {props.estimate.error ? (
            <span className="bi-field-error">{props.estimate.error}</span>
          ) : !props.estimate.completed ? (
            <span aria-busy="true">{t('Estimating…')}</span>
          ) : (
            <table>
              <tbody>
                {(props.estimate.cost ?? []).map((row, i) => (
                  <tr key={i}>
                    {Object.entries(row).map(([k, v]) => (
                      <td key={k}>
                        {k}: {String(v)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {props.showTemplateParams && (
        <label className="bi-control bi-sqllab__params">
          <span className="bi-control__label">{t('Template parameters (JSON)')}</span>
          <textarea className="bi-input bi-input--code" rows={4} aria-label={t('Template parameters')} value={tab.templateParams} onChange={(e) => props.onTemplateParams(e.target.value)} placeholder='{"limit": 10}' />
          {paramsInvalid && <span className="bi-field-error">{t('Invalid JSON: omitted on validation, {empty} on cost estimate.', { empty: '{}' })}</span>}
        </label>
      )}
    </div>
  );
}
