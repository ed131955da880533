/** Styles of SQL Lab, against the theme's custom properties only. */
export const SQLLAB_CSS = `
.bi-sqllab { display: flex; flex-direction: column; height: calc(100vh - var(--bi-nav-height) - 32px); min-height: 480px; gap: var(--bi-space-1); }
.bi-sqllab__tablist { display: flex; align-items: stretch; gap: 2px; }
.bi-sqllab__tabs { display: flex; align-items: stretch; gap: 2px; border-bottom: 1px solid var(--bi-color-border); overflow-x: auto; flex: none; }
.bi-sqllab__tab { display: flex; align-items: center; border: 1px solid var(--bi-color-border); border-bottom: none; border-radius: var(--bi-radius) var(--bi-radius) 0 0; background: var(--bi-color-bg); }
.bi-sqllab__tab--active { background: var(--bi-color-surface); border-top: 2px solid var(--bi-color-primary); }
.bi-sqllab__tab > button, .bi-sqllab__tab-add { font: inherit; border: none; background: none; padding: var(--bi-space-1) var(--bi-space-2); cursor: pointer; color: inherit; white-space: nowrap; }
.bi-sqllab__tab-action { font-size: 12px !important; color: var(--bi-color-text-muted) !important; padding: 0 4px !important; }
.bi-sqllab__body { display: flex; flex: 1; min-height: 0; gap: var(--bi-space-2); }
.bi-sqllab__left { width: 260px; flex: none; display: flex; flex-direction: column; gap: var(--bi-space-2); overflow: auto; padding: var(--bi-space-2);
  background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); }
/* A narrow SQL Lab (800 px window, a host's column for <bi-sqllab>) gives the editor the room: a slimmer left bar. */
.bi-sqllab { container: bi-sqllab / inline-size; }
@container bi-sqllab (max-width: 900px) { .bi-sqllab__left { width: 200px; } }
.bi-sqllab__tables { display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-table-schema { border-top: 1px solid var(--bi-color-border); padding-top: var(--bi-space-1); font-size: var(--bi-font-size-sm); }
.bi-table-schema__header { display: flex; justify-content: space-between; align-items: center; }
.bi-table-schema__actions { display: flex; gap: var(--bi-space-1); }
.bi-table-schema__columns { list-style: none; margin: 0; padding: 0 0 0 var(--bi-space-2); }
.bi-table-schema__columns li { display: flex; gap: var(--bi-space-1); align-items: center; }
.bi-table-schema__column { flex: 1; overflow: hidden; text-overflow: ellipsis; }
.bi-table-schema__type { color: var(--bi-color-text-muted); font-family: monospace; }
.bi-key-badge { font-size: 10px; padding: 0 3px; border-radius: 3px; background: var(--bi-color-primary-light); }
.bi-sqllab__main { flex: 1; min-width: 0; display: flex; flex-direction: column; min-height: 0; }
.bi-sqllab__north { display: flex; flex-direction: column; min-height: 120px; gap: var(--bi-space-1); }
.bi-sqllab__toolbar-row { display: flex; flex-wrap: wrap; gap: var(--bi-space-1); align-items: center; }
.bi-sqllab__spacer { flex: 1; }
.bi-sqllab__limit { display: inline-flex; gap: var(--bi-space-1); align-items: center; font-size: var(--bi-font-size-sm); }
.bi-sqllab__limit .bi-select { width: 120px; }
.bi-button--danger { background: var(--bi-color-error); border-color: var(--bi-color-error); color: #fff; }
.bi-sql-editor { flex: 1; min-height: 0; border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); overflow: hidden; background: var(--bi-color-surface); }
.bi-sql-editor__host, .bi-sql-editor__host .cm-editor { height: 100%; }
.bi-sql-editor__host .cm-scroller { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.bi-sql-editor__host .cm-tooltip { z-index: 50; }
/* CodeMirror's own light colours, on the theme's instead: a faint active line keeps syntax colours readable in dark.
   One class more than CodeMirror's rules, whose stylesheet comes later in the cascade. */
.bi-sql-editor__host .cm-editor { color: var(--bi-color-text); background: var(--bi-color-surface); }
.bi-sql-editor__host .cm-editor .cm-activeLine { background: rgba(128, 128, 128, 0.08); }
.bi-sql-editor__host .cm-editor .cm-gutters { background: var(--bi-color-bg); color: var(--bi-color-text-muted); border-right-color: var(--bi-color-border); }
.bi-sql-editor__host .cm-editor .cm-activeLineGutter { background: rgba(128, 128, 128, 0.12); }
.bi-sql-editor__host .cm-editor .cm-cursor { border-left-color: var(--bi-color-text); }
.bi-sql-editor__host .cm-editor .cm-tooltip { background: var(--bi-color-surface); color: var(--bi-color-text); border-color: var(--bi-color-border); }
.bi-sql-editor__host .cm-editor .cm-tooltip-autocomplete ul li[aria-selected] { background: var(--bi-color-primary-light); color: var(--bi-color-text); }
.bi-sql-error { text-decoration: wavy underline var(--bi-color-error); }
.bi-sqllab__splitter { height: 6px; cursor: row-resize; flex: none; background: var(--bi-color-border); border-radius: 3px; margin: 2px 0; }
.bi-sqllab__south { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.bi-sqllab__south-tabs { display: flex; gap: var(--bi-space-1); border-bottom: 1px solid var(--bi-color-border); }
.bi-sqllab__south-tabs button { font: inherit; border: none; background: none; padding: var(--bi-space-1) var(--bi-space-2); cursor: pointer; color: inherit; }
.bi-sqllab__south-tabs button[aria-selected="true"] { border-bottom: 2px solid var(--bi-color-primary); font-weight: 600; }
.bi-sqllab__south-body { flex: 1; min-height: 0; overflow: auto; }
.bi-sqllab__empty { color: var(--bi-color-text-muted); padding: var(--bi-space-2); }
.bi-sqllab__footer { font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-results__bar { display: flex; flex-wrap: wrap; gap: var(--bi-space-2); align-items: center; padding: var(--bi-space-1) 0; }
.bi-results__search { width: 200px; }
.bi-results__limit { color: var(--bi-color-warning-dark); font-size: var(--bi-font-size-sm); }
.bi-status { padding: 1px 6px; border-radius: var(--bi-radius); font-size: var(--bi-font-size-sm); color: #0b1215; }
.bi-status--error { background: var(--bi-color-error); }
.bi-status--info { background: var(--bi-color-info); }
.bi-status--warning { background: var(--bi-color-warning); }
.bi-status--success { background: var(--bi-color-success); }
.bi-sql-annotation pre { background: var(--bi-color-error-light); padding: var(--bi-space-1); margin: 0; }
.bi-grid { position: relative; overflow: auto; border: 1px solid var(--bi-color-border); background: var(--bi-color-surface); font-size: var(--bi-font-size-sm); }
.bi-grid__canvas { position: relative; }
.bi-grid__header { position: sticky; top: 0; z-index: 2; display: grid; height: 32px; background: var(--bi-color-bg); border-bottom: 1px solid var(--bi-color-border); font-weight: 600; }
.bi-grid__row { position: absolute; left: 0; display: grid; height: 28px; border-bottom: 1px solid var(--bi-color-border); }
.bi-grid__row > div, .bi-grid__header > div { padding: 0 var(--bi-space-1); overflow: hidden; white-space: nowrap; text-overflow: ellipsis; line-height: 28px; }
.bi-grid__header > div { line-height: 32px; position: relative; display: flex; align-items: center; }
.bi-grid__th-name { flex: 1; overflow: hidden; text-overflow: ellipsis; }
.bi-grid__rownum { color: var(--bi-color-text-muted); text-align: right; background: var(--bi-color-bg); position: sticky; left: 0; }
.bi-grid__cell--null { color: var(--bi-color-text-muted); font-style: italic; }
.bi-grid__cell--viewable { cursor: zoom-in; text-decoration: underline dotted; }
.bi-grid__menu-button { border: none; background: none; cursor: pointer; color: inherit; }
.bi-grid__header .bi-grid__menu { position: absolute; top: 30px; right: 0; z-index: 5; display: flex; flex-direction: column; min-width: 160px; overflow: visible;
  background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); box-shadow: 0 4px 12px rgb(0 0 0 / 15%); line-height: 1.5; font-weight: normal; }
.bi-grid__menu button { font: inherit; text-align: left; border: none; background: none; padding: var(--bi-space-1) var(--bi-space-2); cursor: pointer; color: inherit; }
.bi-grid__menu button:hover { background: var(--bi-color-primary-light); }
.bi-cell-viewer { max-height: 60vh; overflow: auto; white-space: pre-wrap; word-break: break-word; font-family: monospace; margin: 0; }
.bi-history__table { width: 100%; border-collapse: collapse; font-size: var(--bi-font-size-sm); }
.bi-history__table td, .bi-history__table th { border-bottom: 1px solid var(--bi-color-border); padding: 2px var(--bi-space-1); text-align: left; vertical-align: top; }
.bi-history__sql { font-family: monospace; max-width: 480px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bi-history__actions { display: flex; gap: var(--bi-space-2); }
`;
