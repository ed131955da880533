import { MODAL_DEFAULT_WIDTH_PX, MODAL_MIN_HEIGHTS_PX, MODAL_MIN_WIDTH_PX, MODAL_RESPONSIVE_MAX_WIDTH_PX } from '@lumen-bi/core';
import { useEffect, useId, type CSSProperties, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  show: boolean;
  onHide(): void;
  children?: ReactNode;
  /** Replaces the default Cancel + OK buttons. */
  footer?: ReactNode;
  onOk?(): void;
  okText?: string;
  okDisabled?: boolean;
  /** 100vw up to 900px instead of the fixed default width (spec 3 §2). */
  responsive?: boolean;
  width?: number;
}

/**
 * Modal sizes (spec 3 §2/§9): default width 600px; responsive modals take 100vw up to 900px; never
 * narrower than 380px, never shorter than the smaller minimum height.
 *
 * @example
 * modalStyle(false); // { width: '600px', minWidth: '380px', minHeight: '109px' }
 */
export function modalStyle(responsive: boolean, width?: number): CSSProperties {
  const base = { minWidth: `${MODAL_MIN_WIDTH_PX}px`, minHeight: `${MODAL_MIN_HEIGHTS_PX[0]}px` };
  if (responsive) return { ...base, width: '100vw', maxWidth: `${MODAL_RESPONSIVE_MAX_WIDTH_PX}px` };
  return { ...base, width: `${width ?? MODAL_DEFAULT_WIDTH_PX}px` };
}

/**
 * A dialog with a default Cancel button and a primary OK button. Escape and the backdrop close it.
 *
 * @example
 * <Modal title="Save chart" show={open} onHide={close} onOk={save}>...</Modal>
 */
export function Modal({ title, show, onHide, children, footer, onOk, okText = 'OK', okDisabled, responsive = false, width }: ModalProps) {
  const titleId = useId();
  useEffect(() => {
    if (!show) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onHide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show, onHide]);
  if (!show) return null;
  return (
    <div className="bi-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onHide()}>
      <div className="bi-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={modalStyle(responsive, width)}>
        <header className="bi-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="bi-modal__close" aria-label="Close" onClick={onHide}>
            ×
          </button>
        </header>
        <div className="bi-modal__body">{children}</div>
        <footer className="bi-modal__footer">
          {footer ?? (
            <>
              <button type="button" className="bi-button" onClick={onHide}>
                Cancel
              </button>
              <button type="button" className="bi-button bi-button--primary" onClick={onOk} disabled={okDisabled}>
                {okText}
              </button>
            </>
          )}
        </footer>
      </div>
    </div>
  );
}
