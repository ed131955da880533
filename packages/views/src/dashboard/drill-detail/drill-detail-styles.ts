/** Drill to detail's own styles, shipped in its chunk (the dashboard's first-load stylesheet stays as it is). */
export const DRILL_DETAIL_CSS = `
.bi-drill-detail .bi-modal__body { display: flex; flex-direction: column; min-height: 0; }
.bi-drill-detail__bar { display: flex; align-items: center; justify-content: space-between; gap: var(--bi-space-2); flex-wrap: wrap; margin-bottom: var(--bi-space-2); }
.bi-drill-detail__count { font-weight: 600; color: var(--bi-color-text); }
.bi-drill-detail__pager { display: flex; align-items: center; gap: var(--bi-space-2); }
.bi-drill-detail__page { color: var(--bi-color-text-secondary); white-space: nowrap; }
.bi-drill-detail__rows { position: relative; min-height: 120px; }
.bi-drill-detail__scroll { max-height: min(60vh, 520px); overflow: auto; border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); }
.bi-drill-detail__scroll:focus-visible { outline: 2px solid var(--bi-color-primary); outline-offset: 1px; }
.bi-drill-detail__table { border-collapse: collapse; width: 100%; font-size: 12px; color: var(--bi-color-text); }
.bi-drill-detail__table th { position: sticky; top: 0; background: var(--bi-color-surface); text-align: left; font-weight: 600; }
.bi-drill-detail__table th, .bi-drill-detail__table td { padding: var(--bi-space-1) var(--bi-space-2); border-bottom: 1px solid var(--bi-color-border); white-space: nowrap; }
.bi-drill-detail__table tbody tr:nth-child(even) td { background: color-mix(in srgb, var(--bi-color-text) 3%, transparent); }
.bi-drill-detail__empty { color: var(--bi-color-text-muted); margin: var(--bi-space-3) 0; }
`;
