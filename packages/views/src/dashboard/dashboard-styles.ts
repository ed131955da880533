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
.bi-dash-tabs,.bi-dash-header,.bi-dash-divider{position:relative}
.bi-dash-header h2,.bi-dash-header h3,.bi-dash-header h4{margin:4px 0}
.bi-dash-divider hr{border:0;border-top:1px solid var(--bi-color-border,#e5e7eb)}
.bi-dash-tabs__strip{display:flex;gap:4px;border-bottom:1px solid var(--bi-color-border,#e5e7eb);margin-bottom:12px}
.bi-dash-tabs__list{display:flex;gap:4px;min-width:0;overflow-x:auto}
.bi-dash-tab__button{background:none;border:0;padding:8px 12px;cursor:pointer;border-bottom:2px solid transparent}
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
.bi-dash-builder{width:260px;flex:0 0 260px;border:1px solid var(--bi-color-border,#e5e7eb);padding:8px;background:var(--bi-color-surface,#fff);max-height:80vh;overflow:auto}
.bi-dash-table{border-collapse:collapse;font-size:12px}.bi-dash-table td,.bi-dash-table th{border:1px solid var(--bi-color-border,#e5e7eb);padding:2px 6px;text-align:left}
.bi-dash-table-wrap{max-height:60vh;overflow:auto}
.bi-dash-query{white-space:pre-wrap;max-height:60vh;overflow:auto}
.bi-field{display:flex;flex-direction:column;gap:4px;margin:8px 0}
.bi-field-error{color:var(--bi-color-error-dark,#a7323f);font-size:12px}
`;
