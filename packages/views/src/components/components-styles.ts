import { ERROR_PANEL_CSS } from './error-panel-styles';

/** Styles of the shared controls (select, modal, toasts, error panel), against the theme's custom properties only. */
export const COMPONENTS_CSS = `
.bi-button { font: inherit; padding: var(--bi-space-1) var(--bi-space-3); border-radius: var(--bi-radius); cursor: pointer;
  border: 1px solid var(--bi-color-border); background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-button--primary { background: var(--bi-color-primary); border-color: var(--bi-color-primary); color: var(--bi-color-text-on-primary); }
.bi-button:disabled { opacity: .5; cursor: not-allowed; }
.bi-select { position: relative; }
.bi-select__box { display: flex; flex-wrap: wrap; gap: var(--bi-space-1); align-items: center; min-height: 30px;
  padding: 2px var(--bi-space-1); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); }
.bi-select__input { flex: 1; min-width: 60px; border: none; outline: none; font: inherit; background: transparent; color: inherit; }
.bi-select__input::placeholder { color: var(--bi-color-text); }
.bi-select__list { position: absolute; z-index: 20; left: 0; right: 0; max-height: 240px; overflow: auto; margin: 2px 0 0; padding: 0;
  list-style: none; background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%); }
.bi-select__option, .bi-select__empty { padding: var(--bi-space-1) var(--bi-space-2); cursor: pointer; }
.bi-select__loading, .bi-select__more { padding: var(--bi-space-1) var(--bi-space-2); color: var(--bi-color-text-secondary, inherit); }
.bi-select__option--active, .bi-select__option:hover { background: var(--bi-color-primary-light); }
.bi-chip { display: inline-flex; align-items: center; gap: 2px; padding: 0 var(--bi-space-1); border-radius: var(--bi-radius);
  background: var(--bi-color-primary-light); font-size: var(--bi-font-size-sm); }
.bi-chip__remove { border: none; background: none; cursor: pointer; color: inherit; padding: 0 2px; }
.bi-field-error { color: var(--bi-color-error); font-size: var(--bi-font-size-sm); margin: 2px 0 0; }
.bi-modal-backdrop { position: fixed; inset: 0; z-index: 100; background: rgb(0 0 0 / 35%); display: flex; align-items: flex-start;
  justify-content: center; padding-top: 10vh; }
.bi-modal { background: var(--bi-color-surface); color: var(--bi-color-text); border-radius: var(--bi-radius); box-shadow: 0 8px 24px rgb(0 0 0 / 25%);
  display: flex; flex-direction: column; resize: both; overflow: auto; box-sizing: border-box; max-height: 85vh; }
.bi-modal__header, .bi-modal__footer { display: flex; align-items: center; justify-content: space-between; gap: var(--bi-space-2);
  padding: var(--bi-space-2) var(--bi-space-3); }
.bi-modal__header { border-bottom: 1px solid var(--bi-color-border); }
.bi-modal__header h2 { font-size: var(--bi-font-size-lg); margin: 0; }
.bi-modal__footer { justify-content: flex-end; border-top: 1px solid var(--bi-color-border); }
.bi-modal__body { padding: var(--bi-space-3); flex: 1; min-height: 0; overflow: auto; }
.bi-modal__close { border: none; background: none; font-size: 20px; cursor: pointer; color: inherit; }
.bi-toasts { position: fixed; right: var(--bi-space-3); bottom: var(--bi-space-3); z-index: 200; display: flex; flex-direction: column; gap: var(--bi-space-2); }
.bi-toast { display: flex; gap: var(--bi-space-2); align-items: center; min-width: 260px; max-width: 420px; padding: var(--bi-space-2) var(--bi-space-3);
  border-radius: var(--bi-radius); background: var(--bi-color-surface); box-shadow: 0 4px 12px rgb(0 0 0 / 20%); border-left: 4px solid var(--bi-color-info); }
.bi-toast--success { border-left-color: var(--bi-color-success); }
.bi-toast--warning { border-left-color: var(--bi-color-warning); }
.bi-toast--danger { border-left-color: var(--bi-color-error); }
.bi-toast__text { flex: 1; }
.bi-toast__close { border: none; background: none; cursor: pointer; color: inherit; }
` + ERROR_PANEL_CSS;
