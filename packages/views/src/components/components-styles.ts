import { DATE_PICKER_CSS } from './date-picker-styles';
import { ERROR_PANEL_CSS } from './error-panel-styles';
import { FEEDBACK_CSS } from './feedback-styles';

/** Styles of the shared controls (select, modal, toasts, error panel), against the theme's custom properties only. */
export const COMPONENTS_CSS = `
.bi-button { font: inherit; padding: var(--bi-space-1) var(--bi-space-3); border-radius: var(--bi-radius); cursor: pointer;
  border: 1px solid var(--bi-color-border); background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-button--primary { background: var(--bi-color-primary); border-color: var(--bi-color-primary); color: var(--bi-color-text-on-primary); }
.bi-button:hover:not(:disabled) { border-color: var(--bi-color-primary); color: var(--bi-color-primary-dark); }
.bi-button--primary:hover:not(:disabled) { background: var(--bi-color-primary-dark); border-color: var(--bi-color-primary-dark); color: var(--bi-color-surface); }
.bi-button:disabled { opacity: .5; cursor: not-allowed; }
.bi-button:focus-visible, .bi-link-button:focus-visible, .bi-modal__close:focus-visible, .bi-menu__item:focus-visible, .bi-icon-button:focus-visible {
  outline: 2px solid var(--bi-color-primary); outline-offset: 1px; }
.bi-icon-button { display: inline-flex; align-items: center; justify-content: center; min-width: 28px; height: 28px; padding: 0 var(--bi-space-1);
  border: 1px solid transparent; border-radius: var(--bi-radius); background: none; color: inherit; cursor: pointer; font: inherit; }
.bi-icon-button:hover, .bi-icon-button[aria-expanded="true"] { background: var(--bi-color-bg); border-color: var(--bi-color-border); }
.bi-input { font: inherit; box-sizing: border-box; width: 100%; min-height: 32px; padding: var(--bi-space-1) var(--bi-space-2); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); background: var(--bi-color-surface); color: var(--bi-color-text); }
textarea.bi-input { resize: vertical; }
.bi-input:focus, .bi-select__box:focus-within { outline: none; border-color: var(--bi-color-primary); box-shadow: 0 0 0 2px var(--bi-color-primary-light); }
.bi-input--code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: var(--bi-font-size-sm); }
.bi-input[aria-invalid="true"] { border-color: var(--bi-color-error); }
.bi-field { display: flex; flex-direction: column; gap: var(--bi-space-1); margin: 0 0 var(--bi-space-3); }
.bi-field > span:first-child, .bi-field > label:first-child, .bi-field__label { font-weight: 600; font-size: var(--bi-font-size-sm); }
.bi-field__hint { color: var(--bi-color-text-muted); font-size: var(--bi-font-size-sm); }
.bi-required { color: var(--bi-color-error-dark); }
.bi-checkbox { display: flex; align-items: center; gap: var(--bi-space-2); margin: var(--bi-space-2) 0; cursor: pointer; }
.bi-checkbox input, .bi-radio input { accent-color: var(--bi-color-primary); width: 16px; height: 16px; margin: 0; }
.bi-radio-group { border: none; margin: 0 0 var(--bi-space-3); padding: 0; display: flex; flex-wrap: wrap; gap: var(--bi-space-1) var(--bi-space-3); }
.bi-radio-group > legend { padding: 0; margin-bottom: var(--bi-space-1); font-weight: 600; font-size: var(--bi-font-size-sm); }
.bi-radio { display: inline-flex; align-items: center; gap: var(--bi-space-2); cursor: pointer; }
/* Line icons (lucide) sit on the text's baseline and never shrink inside flex rows. */
.lucide { flex: none; vertical-align: -0.2em; }
.bi-sort-arrow { margin-left: 2px; }
.bi-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.bi-modal .bi-alert { padding: var(--bi-space-2) var(--bi-space-3); border-radius: var(--bi-radius); margin: 0 0 var(--bi-space-2); }
.bi-modal .bi-alert--warning { background: var(--bi-color-warning-light); border: 1px solid var(--bi-color-warning); }
.bi-modal .bi-alert--error, .bi-modal .bi-alert--danger { background: var(--bi-color-error-light); border: 1px solid var(--bi-color-error); color: var(--bi-color-text); }
.bi-tabs { display: flex; gap: 2px; border-bottom: 1px solid var(--bi-color-border); margin-bottom: var(--bi-space-3); }
.bi-tabs [role="tab"] { font: inherit; border: none; background: none; padding: var(--bi-space-2) var(--bi-space-3); cursor: pointer; color: inherit; }
.bi-tabs [role="tab"]:focus-visible { outline: 2px solid var(--bi-color-primary); outline-offset: -2px; }
.bi-tabs [role="tab"][aria-selected="true"] { box-shadow: inset 0 -2px 0 var(--bi-color-primary); color: var(--bi-color-primary-dark); }
/* Fields in a dialog that carry no class of their own still look like the design's (zero specificity: any class wins). */
:where(.bi-modal) :where(input:not([type="checkbox"], [type="radio"], [type="file"], [type="range"], [type="color"]), textarea, select) {
  font: inherit; box-sizing: border-box; max-width: 100%; min-height: 30px; padding: var(--bi-space-1) var(--bi-space-2); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); background: var(--bi-color-surface); color: var(--bi-color-text); }
:where(.bi-modal) :where(input[type="checkbox"], input[type="radio"]) { accent-color: var(--bi-color-primary); }
.bi-input::placeholder { color: var(--bi-color-text-muted); opacity: 1; }
.bi-radio-group--column { flex-direction: column; }
.bi-report-form__row { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 0 var(--bi-space-3); }
.bi-report-list ul { list-style: none; padding: 0; margin: 0 0 var(--bi-space-3); }
.bi-report-list li { display: flex; align-items: center; gap: var(--bi-space-2); padding: var(--bi-space-2) 0; border-bottom: 1px solid var(--bi-color-border); }
.bi-report-list li > label { flex: 1; display: flex; align-items: center; gap: var(--bi-space-2); }
.bi-report-list li input[type="checkbox"] { accent-color: var(--bi-color-primary); }
.bi-report-list__schedule { color: var(--bi-color-text-muted); font-size: var(--bi-font-size-sm); }
.bi-menu { position: fixed; z-index: 900; min-width: 200px; margin: 0; padding: var(--bi-space-1) 0; display: flex; flex-direction: column;
  background: var(--bi-color-surface); color: var(--bi-color-text); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  box-shadow: 0 4px 16px rgb(0 0 0 / 20%); font-family: var(--bi-font-family); font-size: var(--bi-font-size); line-height: var(--bi-line-height); }
.bi-menu:focus { outline: none; }
.bi-menu__item { display: block; width: 100%; box-sizing: border-box; padding: var(--bi-space-1) var(--bi-space-3); border: none; background: none; color: inherit;
  font: inherit; font-weight: 400; text-align: left; text-decoration: none; cursor: pointer; white-space: nowrap; }
.bi-menu__item:hover, .bi-menu__item:focus { background: var(--bi-color-primary-light); outline: none; }
.bi-menu__separator { height: 1px; margin: var(--bi-space-1) 0; background: var(--bi-color-border); }
.bi-select { position: relative; }
.bi-select__box { display: flex; flex-wrap: wrap; gap: var(--bi-space-1); align-items: center; min-height: 30px;
  padding: 2px var(--bi-space-1); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); }
.bi-select__input { flex: 1; min-width: 60px; border: none; outline: none; font: inherit; background: transparent; color: inherit; }
/* A placeholder (or the value being replaced while typing) reads as a hint, never as a chosen value. */
.bi-select__input::placeholder { color: var(--bi-color-text-muted); opacity: 1; }
.bi-select__list { position: absolute; z-index: 20; left: 0; right: 0; max-height: 240px; overflow: auto; margin: 2px 0 0; padding: 0;
  list-style: none; background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%); }
.bi-select__option, .bi-select__empty { padding: var(--bi-space-1) var(--bi-space-2); cursor: pointer; }
.bi-select__loading, .bi-select__more { padding: var(--bi-space-1) var(--bi-space-2); color: var(--bi-color-text-secondary, inherit); }
.bi-select__option--active, .bi-select__option:hover { background: var(--bi-color-primary-light); }
.bi-chip { display: inline-flex; align-items: center; gap: 2px; padding: 0 var(--bi-space-1); border-radius: var(--bi-radius);
  background: var(--bi-color-primary-light); font-size: var(--bi-font-size-sm); }
.bi-chip__remove { font: inherit; border: none; background: none; cursor: pointer; color: inherit; padding: 0 2px; }
.bi-field-error { color: var(--bi-color-error); font-size: var(--bi-font-size-sm); margin: 2px 0 0; }
.bi-modal-backdrop { position: fixed; inset: 0; z-index: 1000; display: flex; overflow: auto; box-sizing: border-box;
  padding: var(--bi-space-4) var(--bi-space-3); background: rgb(0 0 0 / 45%);
  font-family: var(--bi-font-family); font-size: var(--bi-font-size); line-height: var(--bi-line-height); color: var(--bi-color-text); }
.bi-modal-backdrop *, .bi-modal-backdrop *::before, .bi-modal-backdrop *::after { box-sizing: border-box; }
.bi-modal { margin: auto; background: var(--bi-color-surface); color: var(--bi-color-text); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); box-shadow: 0 8px 24px rgb(0 0 0 / 25%); display: flex; flex-direction: column; resize: both; overflow: hidden;
  max-width: 100%; max-height: calc(100vh - 2 * var(--bi-space-4)); }
.bi-modal:focus { outline: none; }
.bi-modal__header, .bi-modal__footer { flex: none; display: flex; align-items: center; justify-content: space-between; gap: var(--bi-space-2);
  padding: var(--bi-space-2) var(--bi-space-3); }
.bi-modal__header { border-bottom: 1px solid var(--bi-color-border); }
.bi-modal__header h2 { font-size: var(--bi-font-size-lg); margin: 0; }
.bi-modal__footer { justify-content: flex-end; border-top: 1px solid var(--bi-color-border); }
.bi-modal__body { padding: var(--bi-space-3); flex: 1 1 auto; min-height: 0; overflow: auto; }
.bi-modal__body > :first-child { margin-top: 0; }
.bi-modal__close { font: inherit; display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border: none; border-radius: var(--bi-radius);
  background: none; cursor: pointer; color: var(--bi-color-text-muted); }
.bi-modal__close:hover { background: var(--bi-color-bg); color: var(--bi-color-text); }
.bi-modal .bi-select__list { position: static; margin-top: var(--bi-space-1); box-shadow: none; }
.bi-toasts { position: fixed; right: var(--bi-space-3); bottom: var(--bi-space-3); z-index: 1100; display: flex; flex-direction: column; gap: var(--bi-space-2); }
.bi-toast { display: flex; gap: var(--bi-space-2); align-items: center; min-width: 260px; max-width: 420px; padding: var(--bi-space-2) var(--bi-space-3);
  border-radius: var(--bi-radius); background: var(--bi-color-surface); box-shadow: 0 4px 12px rgb(0 0 0 / 20%); border-left: 4px solid var(--bi-color-info); }
.bi-toast--success { border-left-color: var(--bi-color-success); }
.bi-toast--warning { border-left-color: var(--bi-color-warning); }
.bi-toast--danger { border-left-color: var(--bi-color-error); }
.bi-toast__text { flex: 1; }
.bi-toast__close { border: none; background: none; cursor: pointer; color: inherit; }
` + ERROR_PANEL_CSS + DATE_PICKER_CSS + FEEDBACK_CSS;
