/** Styles of the date field and its calendar popover, against the theme's custom properties only. */
export const DATE_PICKER_CSS = `
.bi-date-picker { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.bi-date-picker__row { display: flex; gap: var(--bi-space-1); align-items: center; }
.bi-date-picker__row .bi-input { flex: 1; min-width: 0; }
.bi-date-picker__toggle { flex: none; border-color: var(--bi-color-border); height: 32px; }
.bi-date-popover { position: fixed; z-index: 950; padding: var(--bi-space-2); background: var(--bi-color-surface); color: var(--bi-color-text);
  border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); box-shadow: 0 4px 16px rgb(0 0 0 / 20%);
  font-family: var(--bi-font-family); font-size: var(--bi-font-size); line-height: var(--bi-line-height); }
.bi-calendar__header { display: flex; align-items: center; justify-content: space-between; gap: var(--bi-space-2); margin-bottom: var(--bi-space-1); }
.bi-calendar__title { margin: 0; font-size: var(--bi-font-size); font-weight: 600; }
.bi-calendar__grid { border-collapse: collapse; }
.bi-calendar__grid th { width: 32px; padding: 2px 0; font-size: var(--bi-font-size-sm); font-weight: 600; color: var(--bi-color-text-muted); text-align: center; }
.bi-calendar__day { width: 32px; height: 30px; padding: 0; text-align: center; cursor: pointer; border-radius: var(--bi-radius); font-variant-numeric: tabular-nums; }
.bi-calendar__day:hover { background: var(--bi-color-primary-light); }
.bi-calendar__day:focus { outline: 2px solid var(--bi-color-primary); outline-offset: -2px; }
.bi-calendar__day--outside { color: var(--bi-color-text-muted); }
.bi-calendar__day--today { box-shadow: inset 0 0 0 1px var(--bi-color-primary); }
.bi-calendar__day[aria-selected="true"] { background: var(--bi-color-primary); color: var(--bi-color-text-on-primary); font-weight: 600; }
.bi-time-range__dates { display: grid; grid-template-columns: 1fr 1fr; gap: var(--bi-space-2); margin-top: var(--bi-space-1); }
`;
