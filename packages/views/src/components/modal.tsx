import { MODAL_DEFAULT_WIDTH_PX, MODAL_MIN_HEIGHTS_PX, MODAL_MIN_WIDTH_PX, MODAL_RESPONSIVE_MAX_WIDTH_PX } from '@lumen-bi/core';
import { useEffect, useId, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { COMPONENTS_CSS } from './components-styles';
import { deepActiveElement, tabbables, trapTab } from './focus';
import { Glyph } from './glyphs';
import { Portal } from './portal';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

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
  /** 100% of the viewport (less a margin) up to 900px instead of the fixed default width (spec 3 §2). */
  responsive?: boolean;
  width?: number;
  /** A fixed height in px, never taller than the viewport allows: the body scrolls, header and footer stay. */
  height?: number;
  /** Extra class names of the dialog element. */
  className?: string;
}

/**
 * Modal sizes (spec 3 §2/§9): default width 600px; responsive modals take the viewport's width up to
 * 900px; never narrower than 380px, never shorter than the smaller minimum height. The stylesheet caps
 * every modal at the viewport (less a margin), so a footer is never pushed off screen.
 *
 * @example
 * modalStyle(false); // { width: '600px', minWidth: '380px', minHeight: '109px' }
 */
export function modalStyle(responsive: boolean, width?: number, height?: number): CSSProperties {
  const base: CSSProperties = { minWidth: `${MODAL_MIN_WIDTH_PX}px`, minHeight: `${MODAL_MIN_HEIGHTS_PX[0]}px`, ...(height ? { height: `${height}px` } : {}) };
  if (responsive) return { ...base, width: '100%', maxWidth: `${MODAL_RESPONSIVE_MAX_WIDTH_PX}px` };
  return { ...base, width: `${width ?? MODAL_DEFAULT_WIDTH_PX}px` };
}

/** Open modals, innermost last: only the innermost answers Escape, Tab and clicks on its backdrop. */
const openModals: object[] = [];
let scrollLock: { overflow: string } | null = null;

function lockScroll(doc: Document) {
  if (openModals.length === 1 && doc.body) {
    scrollLock = { overflow: doc.body.style.overflow };
    doc.body.style.overflow = 'hidden';
  }
}

function unlockScroll(doc: Document) {
  if (openModals.length === 0 && scrollLock && doc.body) {
    doc.body.style.overflow = scrollLock.overflow;
    scrollLock = null;
  }
}

/**
 * An Escape meant for an open popup (a select's options) closes the popup, not the dialog. Read as the
 * key goes down the tree, before the popup's own handler has closed it.
 */
const popupEscapes = new WeakSet<Event>();
function notePopupEscape(event: KeyboardEvent) {
  const target = event.composedPath()[0];
  if (event.key === 'Escape' && target instanceof Element && target.getAttribute('aria-expanded') === 'true') popupEscapes.add(event);
}

/**
 * A dialog with a default Cancel button and a primary OK button, rendered in a portal on top of the page
 * (the document's body, or the shadow root it is used in) with its own styles, over a backdrop. Focus
 * moves into it and is kept there (Tab cycles), Escape and a press on the backdrop close it, and focus
 * returns to the element that had it before (the opener) when it closes. Nested modals stack: only the
 * innermost reacts.
 *
 * @example
 * <Modal title="Save chart" show={open} onHide={close} onOk={save}>...</Modal>
 */
export function Modal(props: ModalProps) {
  if (!props.show) return null;
  return <OpenModal {...props} />;
}

function OpenModal({ title, onHide, children, footer, onOk, okText = 'OK', okDisabled, responsive = false, width, height, className }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const token = useRef({}).current;
  const hide = useRef(onHide);
  hide.current = onHide;

  useIsomorphicLayoutEffect(() => {
    const doc = document;
    // Read before the dialog takes focus: where focus goes back to.
    const opener = deepActiveElement(doc);
    openModals.push(token);
    lockScroll(doc);
    const innermost = () => openModals[openModals.length - 1] === token;
    const onKey = (event: KeyboardEvent) => {
      const element = dialog.current;
      if (!innermost() || !element) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented || popupEscapes.has(event)) return;
        event.preventDefault();
        hide.current();
      } else if (event.key === 'Tab') {
        trapTab(event, element);
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const element = dialog.current;
      if (!innermost() || !element || event.composedPath().includes(element)) return;
      focusInitial(element);
    };
    // Each modal its own listener: removing a shared function would remove it for the others too.
    const onKeyCapture = (event: KeyboardEvent) => notePopupEscape(event);
    doc.addEventListener('keydown', onKeyCapture, true);
    doc.addEventListener('keydown', onKey);
    doc.addEventListener('focusin', onFocusIn);
    return () => {
      doc.removeEventListener('keydown', onKeyCapture, true);
      doc.removeEventListener('keydown', onKey);
      doc.removeEventListener('focusin', onFocusIn);
      openModals.splice(openModals.indexOf(token), 1);
      unlockScroll(doc);
      if (opener && opener.isConnected && opener !== doc.body) opener.focus({ preventScroll: true });
    };
  }, [token]);

  return (
    <Portal className="bi-portal bi-modal-root">
      <style>{COMPONENTS_CSS}</style>
      <div
        className="bi-modal-backdrop"
        onMouseDown={(event) => {
          if (event.target !== event.currentTarget || openModals[openModals.length - 1] !== token) return;
          // No focus change for the press: focus goes back to the opener as the dialog closes.
          event.preventDefault();
          onHide();
        }}
      >
        <div
          ref={dialog}
          className={`bi-modal${className ? ` ${className}` : ''}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          style={modalStyle(responsive, width, height)}
        >
          <FocusOnMount dialog={dialog} />
          <header className="bi-modal__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="bi-modal__close" aria-label="Close" onClick={onHide}>
              <Glyph name="close" />
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
    </Portal>
  );
}

/** Moves focus into the dialog once it is on the page, unless a field of it took focus itself (autoFocus). */
function FocusOnMount({ dialog }: { dialog: React.RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const element = dialog.current;
    if (element) focusInitial(element);
  }, [dialog]);
  return null;
}

/** The first field of the body, else the first footer button, else the dialog itself. */
function focusInitial(dialog: HTMLElement) {
  const active = deepActiveElement(dialog.ownerDocument);
  if (active && dialog.contains(active) && active !== dialog) return;
  const body = dialog.querySelector<HTMLElement>('.bi-modal__body');
  const footer = dialog.querySelector<HTMLElement>('.bi-modal__footer');
  const target = (body && tabbables(body)[0]) ?? (footer && tabbables(footer)[0]) ?? dialog;
  target.focus({ preventScroll: true });
}
