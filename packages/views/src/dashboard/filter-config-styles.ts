/**
 * The filter configuration dialog's rules, out of DASHBOARD_CSS: the dialog (filter-config-modal.tsx, loaded
 * when opened) renders them beside itself, after the dashboard's stylesheet and before the dialog's own
 * COMPONENTS_CSS, where they sat in the cascade before.
 */
export const FILTER_CONFIG_CSS = `
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
`;
