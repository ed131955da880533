import { useState } from 'react';
import { Modal } from '../components/modal';
import type { SaveFields } from './saved-query-actions';
import { useTranslation } from '../i18n/locale-provider';

export interface SaveQueryModalProps {
  initialLabel: string;
  /** The tab already points at a saved query: offer 'Update' next to 'Save as new'. */
  canUpdate: boolean;
  onSave(fields: SaveFields): void;
  onUpdate(fields: SaveFields): void;
  onHide(): void;
}

/** The save modal: name (required) and description; Save as new, or Update for a saved query's tab. */
export function SaveQueryModal({ initialLabel, canUpdate, onSave, onUpdate, onHide }: SaveQueryModalProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(initialLabel);
  const [description, setDescription] = useState('');
  const valid = label.trim().length > 0;
  const fields = () => ({ label: label.trim(), description });
  return (
    <Modal
      title={t('Save query')}
      show
      onHide={onHide}
      footer={
        <>
          <button type="button" className="bi-button" onClick={onHide}>
            {t('Cancel')}
          </button>
          <button type="button" className={`bi-button${canUpdate ? '' : ' bi-button--primary'}`} disabled={!valid} onClick={() => onSave(fields())}>
            {canUpdate ? t('Save as new') : t('Save')}
          </button>
          {canUpdate && (
            <button type="button" className="bi-button bi-button--primary" disabled={!valid} onClick={() => onUpdate(fields())}>
              {t('Update')}
            </button>
          )}
        </>
      }
    >
      <label className="bi-control">
        <span className="bi-control__label">
          {t('Name')} <span className="bi-required">*</span>
        </span>
        <input className="bi-input" value={label} onChange={(e) => setLabel(e.target.value)} aria-label={t('Name')} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">{t('Description')}</span>
        <textarea className="bi-input" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} aria-label={t('Description')} />
      </label>
    </Modal>
  );
}
