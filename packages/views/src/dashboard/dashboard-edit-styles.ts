/**
 * The dashboard's rules for edit mode only (drop zones, edit controls, resize, the markdown and title
 * editors, the builder pane's lists), out of DASHBOARD_CSS: they come with edit mode's code (edit-mode.tsx)
 * and DashboardView puts them after DASHBOARD_CSS, in their order there (no rule of DASHBOARD_CSS after
 * them matched the same elements, so the cascade is unchanged).
 */
export const DASHBOARD_EDIT_CSS = `
.bi-dash-grid--editing{outline:1px dashed var(--bi-color-border,#d1d5db);padding:8px}
.bi-dash-markdown--editing{display:flex;flex-direction:column;gap:4px}
.bi-dash-markdown__toolbar{display:flex;align-items:center;justify-content:space-between;gap:8px;font-size:12px;color:var(--bi-color-text-muted,#6b7280)}
.bi-dash-markdown__editor{flex:1;width:100%;min-height:160px;box-sizing:border-box;resize:vertical;font-family:monospace;color:var(--bi-color-text,#1f2937);background:var(--bi-color-surface,#fff);border:1px solid var(--bi-color-border,#d1d5db);border-radius:4px;padding:6px}
.bi-dash-markdown__edit{display:inline-flex;align-items:center;gap:4px;font-size:12px;padding:1px 8px}
.bi-dash-header__input{font-weight:600;font-size:16px;margin:4px 0}
.bi-dash-tab__input{width:auto;min-width:120px;margin:2px 0}
.bi-dash-edit-controls{position:absolute;top:2px;right:2px;z-index:5;display:flex;align-items:center;gap:2px;background:var(--bi-color-surface,#fff);border-radius:4px}
.bi-dash-drag-handle{cursor:grab;padding:0 4px}
/* A row's or column's own controls sit in a strip at its left edge, not at the top right where its last
   chart's or markdown's controls (and the markdown editor's toolbar) are.
   The strip is as wide as its widest control (the 28 px delete button) and the padding wider still, so a
   column's strip beside its row's never touches it. */
.bi-dash--editing .bi-dash-row,.bi-dash--editing .bi-dash-column{padding-left:32px;box-sizing:border-box}
.bi-dash-row>.bi-dash-edit-controls,.bi-dash-column>.bi-dash-edit-controls{top:0;left:0;right:auto;width:28px;flex-direction:column}
.bi-dash-resize-handle{position:absolute;right:0;bottom:0;width:14px;height:14px;cursor:nwse-resize;background:linear-gradient(135deg,transparent 50%,#9ca3af 50%)}
.bi-dash-drop--over{outline:2px solid var(--bi-color-primary,#20a7c9)}
.bi-dash-drop-indicator{position:absolute;z-index:6;pointer-events:none;border-radius:2px;background:var(--bi-color-primary,#20a7c9);box-shadow:0 0 0 1px var(--bi-color-surface,#fff)}
/* Edit controls sit at the top right: the chart title leaves them room instead of running under them. */
.bi-dash-chart--editing .bi-dash-chart__header{padding-right:56px}
/* ...and a header's title field ends before its drag handle and delete button. */
.bi-dash--editing .bi-dash-header{padding-right:64px}
.bi-dash-empty-drop{color:#9ca3af;text-align:center;padding:16px}
.bi-dash-builder__list{list-style:none;padding:0}.bi-dash-builder__list li{padding:6px;border:1px solid var(--bi-color-border,#e5e7eb);margin:4px 0;cursor:grab;background:var(--bi-color-bg,#fafafa)}
/* A chart already on the dashboard reads as muted, in a colour that keeps its text contrast (opacity did not). */
.bi-dash-builder__item--added{color:var(--bi-color-text-muted,#6b7280)}
`;
