import { COMPONENTS_CSS } from '../components/components-styles';

/**
 * Dashboard CSS, built on the theme's custom properties so hosts theme it through a shadow root. It
 * carries the shared controls' styles (buttons, inputs, selects, menus) too: a dashboard page or element
 * has no other stylesheet.
 */
export const DASHBOARD_CSS = COMPONENTS_CSS + `
.bi-dash{display:flex;flex-direction:column;gap:8px;font-family:var(--bi-font-family,system-ui);color:var(--bi-color-text,#1f2937);min-height:100%}
.bi-dash-header-bar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 16px;border-bottom:1px solid var(--bi-color-border,#e5e7eb);background:var(--bi-color-surface,#fff)}
.bi-dash-header-bar__title{display:flex;align-items:center;gap:8px}.bi-dash-header-bar__title h1{font-size:20px;margin:0}
.bi-dash-header-bar__actions{display:flex;gap:6px;flex-wrap:wrap}
.bi-dash-body{display:flex;gap:12px;align-items:flex-start;padding:0 16px 16px}
.bi-dash-body--horizontal{flex-direction:column;align-items:stretch}
.bi-dash-main{flex:1;min-width:0}
.bi-dash-grid{display:flex;flex-direction:column;gap:16px;min-height:24px;position:relative}
.bi-dash-grid--editing{outline:1px dashed var(--bi-color-border,#d1d5db);padding:8px}
.bi-dash-row{display:flex;gap:16px;position:relative;min-height:16px}
.bi-dash-column{display:flex;flex-direction:column;gap:16px;position:relative}
.bi-dash-bg--white{background:var(--bi-color-surface,#fff)}
.bi-dash-chart,.bi-dash-markdown{position:relative;background:var(--bi-color-surface,#fff);border:1px solid var(--bi-color-border,#e5e7eb);border-radius:4px;padding:4px 8px;box-sizing:border-box;overflow:hidden}
.bi-dash-chart--full{position:fixed;inset:16px;z-index:50;height:auto!important}
.bi-dash-chart__header{display:flex;justify-content:space-between;align-items:center;height:28px;font-weight:600}
.bi-dash-chart__title{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.bi-dash-chart__body{position:relative}
.bi-dash-chart__skeleton{height:100%;box-sizing:border-box;padding:8px}.bi-dash-chart__skeleton--overlay{position:absolute;inset:0;z-index:1;background:var(--bi-color-surface)}.bi-dash-chart__skeleton-plot{flex:1;min-height:40px}
.bi-dash-chart--full .bi-dash-chart__body{height:calc(100% - 32px)}
.bi-chart-container{position:relative;width:100%;height:100%}
.bi-chart-container__host{width:100%;height:100%}
.bi-chart-container__owners{font-size:12px;color:var(--bi-color-text-muted,#6b7280)}
.bi-dash-markdown__body{overflow:auto}
.bi-dash-markdown--editing{display:flex;flex-direction:column;gap:4px}
.bi-dash-markdown__toolbar{display:flex;align-items:center;justify-content:space-between;gap:8px;font-size:12px;color:var(--bi-color-text-muted,#6b7280)}
.bi-dash-markdown__editor{flex:1;width:100%;min-height:160px;box-sizing:border-box;resize:vertical;font-family:monospace;color:var(--bi-color-text,#1f2937);background:var(--bi-color-surface,#fff);border:1px solid var(--bi-color-border,#d1d5db);border-radius:4px;padding:6px}
.bi-dash-markdown__edit{display:inline-flex;align-items:center;gap:4px;font-size:12px;padding:1px 8px}
.bi-dash-header__input{font-weight:600;font-size:16px;margin:4px 0}
.bi-dash-tabs,.bi-dash-header,.bi-dash-divider{position:relative}
.bi-dash-header h2,.bi-dash-header h3,.bi-dash-header h4{margin:4px 0}
.bi-dash-divider hr{border:0;border-top:1px solid var(--bi-color-border,#e5e7eb)}
.bi-dash-tabs__strip{display:flex;gap:4px;border-bottom:1px solid var(--bi-color-border,#e5e7eb);margin-bottom:12px}
.bi-dash-tabs__list{display:flex;gap:4px;min-width:0;overflow-x:auto}
.bi-dash-tab__button{background:none;border:0;padding:8px 12px;cursor:pointer;border-bottom:2px solid transparent}
.bi-dash-tab__input{width:auto;min-width:120px;margin:2px 0}
.bi-dash-tab__button--active{border-bottom-color:var(--bi-color-primary,#20a7c9);font-weight:600}
.bi-dash-filter-bar{background:var(--bi-color-surface,#fff);border:1px solid var(--bi-color-border,#e5e7eb);border-radius:4px;padding:8px}
.bi-dash-filter-bar--vertical{width:260px;flex:0 0 260px}
.bi-dash-filter-bar--vertical.bi-dash-filter-bar--collapsed{width:auto;flex:0 0 auto}
.bi-dash-filter-bar--horizontal .bi-dash-filter-bar__filters{display:flex;flex-wrap:wrap;gap:12px}
.bi-dash-filter-bar__head,.bi-dash-filter-bar__actions{display:flex;justify-content:space-between;align-items:center;gap:8px;margin:4px 0}
.bi-dash-cross-filters{border-bottom:1px solid var(--bi-color-border,#e5e7eb);padding-bottom:8px;margin-bottom:8px}
.bi-dash-cross-filters__head{display:flex;justify-content:space-between;align-items:center;gap:8px;margin:4px 0}
.bi-dash-cross-filters__list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.bi-dash-cross-filter{display:flex;align-items:center;gap:6px;flex-wrap:wrap;font-size:12px}
.bi-dash-cross-filter__chart{color:var(--bi-color-muted,#6b7280)}
.bi-dash-filter{margin:8px 0;min-width:200px}.bi-dash-filter__name{font-weight:600;margin-bottom:4px}
.bi-dash-range{display:grid;grid-template-columns:1fr 1fr;gap:0 8px}.bi-dash-range__field{margin:0;min-width:0}.bi-dash-range__error{grid-column:1/-1}
.bi-dash-menu{position:relative;display:flex;align-items:center}
.bi-dash-icon-button{background:none;border:0;cursor:pointer;font-size:16px;padding:2px 6px;color:inherit}
.bi-dash-icon-button[aria-pressed="true"]{color:#f5a623}
.bi-dash-badge{border:1px solid var(--bi-color-border,#d1d5db);border-radius:10px;padding:1px 8px;font-size:12px;background:var(--bi-color-bg,#f9fafb);color:var(--bi-color-text,#323232);cursor:pointer}
.bi-dash-badge--published{background:var(--bi-color-success-light,#eef8f3);border-color:var(--bi-color-success-dark,#2d7a4f);color:var(--bi-color-success-dark,#2d7a4f)}
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
.bi-dash-builder{width:260px;flex:0 0 260px;border:1px solid var(--bi-color-border,#e5e7eb);padding:8px;background:var(--bi-color-surface,#fff);max-height:80vh;overflow:auto}
.bi-dash-builder__list{list-style:none;padding:0}.bi-dash-builder__list li{padding:6px;border:1px solid var(--bi-color-border,#e5e7eb);margin:4px 0;cursor:grab;background:var(--bi-color-bg,#fafafa)}
/* A chart already on the dashboard reads as muted, in a colour that keeps its text contrast (opacity did not). */
.bi-dash-builder__item--added{color:var(--bi-color-text-muted,#6b7280)}
.bi-dash-filter-config{display:flex;gap:var(--bi-space-3,16px);min-height:360px}
.bi-dash-filter-config__list{flex:0 0 260px;display:flex;flex-direction:column;gap:var(--bi-space-2,8px);border-right:1px solid var(--bi-color-border,#e5e7eb);padding-right:var(--bi-space-3,16px)}
.bi-dash-filter-config__list ul{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:2px}
.bi-dash-filter-config__list li{display:flex;align-items:center;gap:2px;padding:2px var(--bi-space-1,4px);border-radius:var(--bi-radius,4px);border-left:3px solid transparent}
.bi-dash-filter-config__name{flex:1;min-width:0;text-align:left;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--bi-color-text,#323232)}
.bi-dash-filter-config__item--current{background:var(--bi-color-primary-light,#d2edf4)}
.bi-dash-filter-config__item--current .bi-dash-filter-config__name{font-weight:600}
.bi-dash-filter-config__item--error{border-left-color:var(--bi-color-error,#e04355)}
.bi-dash-filter-config__add{display:flex;flex-wrap:wrap;gap:var(--bi-space-2,8px)}
.bi-dash-filter-config__form{flex:1;min-width:0}
@media (max-width:720px){.bi-dash-filter-config{flex-direction:column}.bi-dash-filter-config__list{flex:none;border-right:0;padding-right:0;border-bottom:1px solid var(--bi-color-border,#e5e7eb);padding-bottom:var(--bi-space-3,16px)}}
.bi-dash-table{border-collapse:collapse;font-size:12px}.bi-dash-table td,.bi-dash-table th{border:1px solid var(--bi-color-border,#e5e7eb);padding:2px 6px;text-align:left}
.bi-dash-table-wrap{max-height:60vh;overflow:auto}
.bi-dash-query{white-space:pre-wrap;max-height:60vh;overflow:auto}
.bi-field{display:flex;flex-direction:column;gap:4px;margin:8px 0}
.bi-field-error{color:var(--bi-color-error-dark,#a7323f);font-size:12px}
`;
