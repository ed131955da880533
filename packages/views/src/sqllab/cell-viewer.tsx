import { Modal } from '../components/modal';
import { viewerText } from './grid-model';
import { useTranslation } from '../i18n/locale-provider';

export interface CellViewerProps {
  column: string;
  value: unknown;
  onHide(): void;
  copyText?(text: string): Promise<void>;
}

/**
 * The cell-content JSON viewer (spec 2 §2): the value pretty-printed when it is JSON, as text otherwise,
 * with a copy button.
 *
 * @example
 * <CellViewer column="payload" value={'{"a":1}'} onHide={close} />
 */
export function CellViewer({ column, value, onHide, copyText }: CellViewerProps) {
  const { t } = useTranslation();
  const text = viewerText(value);
  return (
    <Modal
      title={column}
      show
      onHide={onHide}
      footer={
        <>
          {copyText && (
            <button type="button" className="bi-button" onClick={() => void copyText(text).catch(() => undefined)}>
              {t('Copy')}
            </button>
          )}
          <button type="button" className="bi-button bi-button--primary" onClick={onHide}>
            {t('Close')}
          </button>
        </>
      }
    >
      <pre className="bi-cell-viewer" data-testid="cell-viewer">
        {text}
      </pre>
    </Modal>
  );
}
