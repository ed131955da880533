import { LIST_FILTER_WIDTHS } from '@lumen-bi/core';

/** Styles of the list screens, home and their modals, against the theme's custom properties only. */
export const LISTS_CSS = `
.bi-list__header { display: flex; align-items: center; justify-content: space-between; gap: var(--bi-space-3); margin-bottom: var(--bi-space-3); }
.bi-list__header h1 { margin: 0; }
.bi-list__header-actions { display: flex; gap: var(--bi-space-2); }
.bi-list__header-actions a.bi-button { text-decoration: none; display: inline-flex; align-items: center; }
.bi-list__controls { display: flex; flex-wrap: wrap; align-items: flex-end; gap: var(--bi-space-3); margin-bottom: var(--bi-space-3); }
.bi-list__toggle { display: flex; gap: 2px; }
.bi-list__toggle .bi-button[aria-pressed="true"] { background: var(--bi-color-primary-light); }
.bi-list__filters { display: flex; flex-wrap: wrap; gap: var(--bi-space-3); align-items: flex-end; }
.bi-list-filter { display: flex; flex-direction: column; gap: 2px; min-width: ${LIST_FILTER_WIDTHS[0]}px; max-width: ${LIST_FILTER_WIDTHS[1]}px; border: none; padding: 0; margin: 0; }
.bi-list-filter--search { width: ${LIST_FILTER_WIDTHS[1]}px; }
.bi-list-filter__label { font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-list-filter__input, .bi-list-filter input[type="number"], .bi-list-filter select { font: inherit; padding: 4px var(--bi-space-2); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-list-filter--range input { width: 80px; }
.bi-list-filter__select { display: flex; align-items: center; gap: 2px; }
.bi-list-filter__select .bi-select { flex: 1; }
.bi-list-filter__clear { border: none; background: none; cursor: pointer; color: inherit; font-size: 16px; }
.bi-list-bulk { display: flex; align-items: center; gap: var(--bi-space-3); padding: var(--bi-space-2) var(--bi-space-3); margin-bottom: var(--bi-space-2);
  background: var(--bi-color-primary-light); border-radius: var(--bi-radius); }
.bi-list-bulk__count { font-weight: 600; }
.bi-button--danger { border-color: var(--bi-color-error); color: var(--bi-color-error-dark); }
.bi-list-table table { width: 100%; border-collapse: collapse; background: var(--bi-color-surface); }
/* A narrow window: a table wider than the page scrolls inside itself, never the page (at full width the
   header row stays sticky against the page's own scroll, which a scrolling wrapper would take over). */
@media (max-width: 1100px) { .bi-list-table { overflow-x: auto; } }
.bi-list-table th, .bi-list-table td { text-align: left; padding: 0 var(--bi-space-2); border-bottom: 1px solid var(--bi-color-border); }
.bi-list-table th { position: sticky; top: 0; background: var(--bi-color-surface); height: 40px; font-weight: 600; }
.bi-list-table__sort { font: inherit; font-weight: 600; border: none; background: none; color: inherit; cursor: pointer; padding: 0; }
.bi-list-table__check { width: 32px; }
.bi-list-table__actions, .bi-list-cell--nowrap { white-space: nowrap; }
.bi-list-table__actions .bi-link-button { margin-right: var(--bi-space-2); }
.bi-list-cards { display: grid; gap: var(--bi-space-3); }
.bi-list-card { position: relative; background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  padding: var(--bi-space-3); min-height: 96px; display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-list-card--selected { border-color: var(--bi-color-primary); box-shadow: 0 0 0 1px var(--bi-color-primary); }
.bi-list-card--skeleton { display: flex; flex-direction: column; gap: var(--bi-space-2); }
.bi-list-card__check { position: absolute; top: var(--bi-space-2); right: var(--bi-space-2); }
.bi-list-card__title { font-weight: 600; margin: 0; }
.bi-list-card__meta { font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-list-card__actions { margin-top: auto; display: flex; gap: var(--bi-space-2); }
.bi-list-fav { border: none; background: none; padding: 0 var(--bi-space-1) 0 0; cursor: pointer; font-size: 1.1em; line-height: 1; color: var(--bi-color-text-muted); }
.bi-list-fav[aria-pressed="true"] { color: #f5a623; }
.bi-list-empty { text-align: center; padding: var(--bi-space-4); }
.bi-list-empty__title { font-size: var(--bi-font-size-lg); margin: 0 0 var(--bi-space-1); }
.bi-list-pagination { display: flex; align-items: center; gap: var(--bi-space-1); margin-top: var(--bi-space-3); flex-wrap: wrap; }
.bi-list-pagination__size { display: flex; align-items: center; gap: var(--bi-space-1); margin-left: var(--bi-space-3); }
.bi-list-pagination__count { margin-left: auto; color: var(--bi-color-text-muted); }
.bi-cross-links { position: relative; display: inline-flex; gap: var(--bi-space-1); align-items: center; }
.bi-cross-links__more { border: none; cursor: pointer; }
.bi-cross-links__tooltip { position: absolute; z-index: 30; top: 100%; left: 0; display: flex; flex-direction: column; gap: 2px; min-width: 180px;
  padding: var(--bi-space-2); background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%); }
.bi-tag-chip { margin-right: 2px; }
a.bi-tag-chip { color: inherit; text-decoration: none; }
a.bi-tag-chip:hover { text-decoration: underline; }
.bi-notice { padding: var(--bi-space-2) var(--bi-space-3); border: 1px dashed var(--bi-color-border); border-radius: var(--bi-radius); color: var(--bi-color-text-muted); }
.bi-form-field { display: flex; flex-direction: column; gap: 2px; margin-bottom: var(--bi-space-2); }
.bi-form-field input[type="text"], .bi-form-field input[type="password"], .bi-form-field input[type="number"], .bi-form-field textarea, .bi-form-field select {
  font: inherit; padding: 4px var(--bi-space-2); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-form-field__required { color: var(--bi-color-error); }
.bi-form-check { display: flex; align-items: center; gap: var(--bi-space-1); margin-bottom: var(--bi-space-1); }
.bi-alert { padding: var(--bi-space-2) var(--bi-space-3); border-radius: var(--bi-radius); margin-bottom: var(--bi-space-2); }
.bi-alert--warning { background: var(--bi-color-warning-light); border: 1px solid var(--bi-color-warning); }
.bi-alert--error { background: var(--bi-color-error-light); border: 1px solid var(--bi-color-error); }
.bi-alert--success { background: var(--bi-color-success-light); border: 1px solid var(--bi-color-success); }
.bi-home__section { margin-bottom: var(--bi-space-4); }
.bi-home__section h2 { font-size: var(--bi-font-size-lg); margin: 0 0 var(--bi-space-2); }
.bi-home__tablist { display: flex; gap: 2px; }
.bi-home__view-all { align-self: center; }
/* The theme's link colour, visited or not: the browser's purple for visited links is unreadable in dark. */
.bi-home__view-all, .bi-home__view-all:visited { color: var(--bi-color-primary-dark); }
/* 'Last modified' stays on one line; below 1100 px the table keeps the date and the tooltip says who. */
.bi-list-modified { white-space: nowrap; }
@media (max-width: 1100px) {
  .bi-list-table .bi-list-modified__by { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
}
.bi-edit-grid { width: 100%; border-collapse: collapse; }
.bi-edit-grid th, .bi-edit-grid td { text-align: left; padding: 2px var(--bi-space-1); border-bottom: 1px solid var(--bi-color-border); vertical-align: top; }
.bi-edit-grid input[type="text"] { width: 100%; box-sizing: border-box; font: inherit; }
.bi-upload-menu { position: relative; display: inline-block; }
.bi-upload-menu__list { position: absolute; z-index: 30; right: 0; top: 100%; margin: 2px 0 0; padding: var(--bi-space-1) 0; list-style: none;
  min-width: 240px; background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%); }
.bi-upload-menu__list .bi-link-button { display: block; width: 100%; text-align: left; padding: var(--bi-space-1) var(--bi-space-3); }
.bi-form-field__hint { color: var(--bi-color-text-muted); }
.bi-upload__form { max-height: 60vh; overflow: auto; padding-right: var(--bi-space-1); }
.bi-upload__advanced { margin: var(--bi-space-2) 0; }
.bi-upload__advanced summary { cursor: pointer; margin-bottom: var(--bi-space-2); }
`;
