import { VIZ_THUMBNAIL_CSS } from '../components/viz-thumbnail-styles';

/** Styles of the creation pages (Create a new chart, New dataset), on the theme's tokens. */
export const CREATE_CSS = `${VIZ_THUMBNAIL_CSS}
.bi-create { max-width: 1100px; margin: 0 auto; padding: var(--bi-space-3); display: flex; flex-direction: column; gap: var(--bi-space-3); }
.bi-create h1 { margin: 0; }
.bi-create a.bi-button { text-decoration: none; display: inline-flex; align-items: center; }
.bi-create__field { display: flex; flex-direction: column; gap: 2px; margin-bottom: var(--bi-space-2); }
.bi-create__label { font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-create__step { background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); padding: var(--bi-space-3); }
.bi-create__step h2 { margin: 0 0 var(--bi-space-2); font-size: var(--bi-font-size-lg); }
.bi-create__hint { color: var(--bi-color-text-muted); margin: var(--bi-space-1) 0 0; }
.bi-create__footer { display: flex; align-items: center; justify-content: flex-end; gap: var(--bi-space-3); }
.bi-create__gallery-tools { display: flex; flex-wrap: wrap; gap: var(--bi-space-2); align-items: center; margin-bottom: var(--bi-space-2); }
.bi-create__gallery-tools .bi-input { flex: 1; min-width: 200px; }
.bi-create__category { margin: var(--bi-space-2) 0 var(--bi-space-1); font-size: var(--bi-font-size-sm); text-transform: uppercase; color: var(--bi-color-text-muted); }
.bi-create__viz { list-style: none; display: grid; grid-template-columns: repeat(auto-fill, minmax(130px, 1fr)); gap: var(--bi-space-2); padding: 0; margin: 0; }
.bi-create__viz-item { font: inherit; width: 100%; height: 100%; display: flex; flex-direction: column; align-items: center; gap: var(--bi-space-1); padding: var(--bi-space-2);
  border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); color: inherit; cursor: pointer; text-align: center; }
.bi-create__viz-item[aria-pressed="true"] { border-color: var(--bi-color-primary); box-shadow: 0 0 0 1px var(--bi-color-primary); }
.bi-create__viz-item:focus-visible { outline: 2px solid var(--bi-color-primary); outline-offset: 2px; }
.bi-create__viz-item .bi-thumb svg { width: 64px; height: 48px; }
.bi-create__selected { margin: var(--bi-space-2) 0 0; }
.bi-create__pickers { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: var(--bi-space-3); }
.bi-create__columns { width: 100%; border-collapse: collapse; }
.bi-create__columns th, .bi-create__columns td { text-align: left; padding: var(--bi-space-1) var(--bi-space-2); border-bottom: 1px solid var(--bi-color-border); }
`;
