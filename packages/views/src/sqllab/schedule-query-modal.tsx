import { useState } from 'react';
import { Modal } from '../components/modal';
import type { SaveFields } from './saved-query-actions';
import { useTranslation } from '../i18n/locale-provider';

export interface ScheduleQueryModalProps {
  initialLabel: string;
  onSchedule(fields: SaveFields, scheduleInfo: Record<string, unknown>): void;
  onHide(): void;
}

/** Scheduling a query: the saved query's name and description plus when it runs (cron text) and where results go. */
export function ScheduleQueryModal({ initialLabel, onSchedule, onHide }: ScheduleQueryModalProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(initialLabel);
  const [description, setDescription] = useState('');
  const [crontab, setCrontab] = useState('0 8 * * *');
  const [outputTable, setOutputTable] = useState('');
  const valid = label.trim().length > 0 && crontab.trim().split(/\s+/).length === 5;
  return (
    <Modal
      title={t('Schedule query')}
      show
      onHide={onHide}
      okText={t('Submit')}
      okDisabled={!valid}
      onOk={() => onSchedule({ label: label.trim(), description }, { crontab: crontab.trim(), ...(outputTable.trim() ? { output_table: outputTable.trim() } : {}) })}
    >
      <label className="bi-control">
        <span className="bi-control__label">
          {t('Label')} <span className="bi-required">*</span>
        </span>
        <input className="bi-input" aria-label={t('Label')} value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">{t('Description')}</span>
        <textarea className="bi-input" aria-label={t('Description')} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">
          {t('Schedule (cron)')} <span className="bi-required">*</span>
        </span>
        <input className="bi-input bi-input--code" aria-label={t('Schedule (cron)')} value={crontab} onChange={(e) => setCrontab(e.target.value)} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">{t('Output table')}</span>
        <input className="bi-input" aria-label={t('Output table')} value={outputTable} onChange={(e) => setOutputTable(e.target.value)} />
      </label>
    </Modal>
  );
}
