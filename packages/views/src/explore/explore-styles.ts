import { VIZ_THUMBNAIL_CSS } from '../components/viz-thumbnail-styles';

/** At or below this width (px) of the Explore page the chart moves below the dataset and control panels. */
export const EXPLORE_STACK_WIDTH = 1040;
/** At or below this width (px) the dataset and control panels stack too. */
export const EXPLORE_SINGLE_COLUMN_WIDTH = 600;

/** Styles of the Explore view, against the theme's custom properties only. */
export const EXPLORE_CSS = `${VIZ_THUMBNAIL_CSS}
.bi-explore { display: flex; flex-direction: column; gap: var(--bi-space-2); }
.bi-explore__header { display: flex; align-items: center; justify-content: space-between; }
.bi-explore__header h1 { font-size: var(--bi-font-size-lg); margin: 0; }
.bi-explore__actions { display: flex; align-items: center; gap: var(--bi-space-2); margin-left: auto; }
.bi-explore__columns { display: grid; grid-template-columns: 240px 320px minmax(0, 1fr); gap: var(--bi-space-3); align-items: start; }
/* On a narrow page the chart keeps the full width instead of being squeezed beside 560 px of panels: the
   dataset and control panels share the top row and the chart and results go below; narrower still, all
   three stack. A container query, so Explore reflows by its own width wherever it is placed. */
.bi-explore { container: bi-explore / inline-size; }
@container bi-explore (max-width: ${EXPLORE_STACK_WIDTH}px) {
  .bi-explore__columns { grid-template-columns: minmax(200px, 240px) minmax(0, 1fr); }
  .bi-explore__main { grid-column: 1 / -1; }
}
@container bi-explore (max-width: ${EXPLORE_SINGLE_COLUMN_WIDTH}px) {
  .bi-explore__columns { grid-template-columns: minmax(0, 1fr); }
}
.bi-dataset-panel, .bi-explore__controls, .bi-explore__main { background: var(--bi-color-surface); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); padding: var(--bi-space-2); }
.bi-dataset-panel__title { font-size: var(--bi-font-size); margin: 0 0 var(--bi-space-2); }
.bi-dataset-panel h3 { font-size: var(--bi-font-size-sm); text-transform: uppercase; color: var(--bi-color-text-muted); margin: var(--bi-space-2) 0 var(--bi-space-1); }
.bi-dataset-panel__list { list-style: none; margin: 0; padding: 0; max-height: 40vh; overflow: auto; }
.bi-dataset-panel__list li { padding: 2px 0; }
.bi-item-label { position: relative; display: inline-flex; align-items: center; gap: var(--bi-space-1); }
.bi-type-icon { display: inline-block; min-width: 24px; font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); text-align: center; }
.bi-cert-badge { color: var(--bi-color-primary); }
.bi-warning-icon { color: var(--bi-color-warning); }
.bi-error-icon { color: var(--bi-color-error); }
.bi-tooltip { position: absolute; left: 0; top: 100%; z-index: 30; display: flex; flex-direction: column; gap: 2px; min-width: 200px; max-width: 320px;
  padding: var(--bi-space-2); background: var(--bi-color-text); color: var(--bi-color-surface); border-radius: var(--bi-radius); font-size: var(--bi-font-size-sm); }
.bi-tooltip__warning { color: var(--bi-color-warning-light); }
.bi-input { font: inherit; box-sizing: border-box; width: 100%; padding: var(--bi-space-1) var(--bi-space-2); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-input--code { font-family: monospace; }
.bi-control-section { margin-bottom: var(--bi-space-2); }
.bi-control-section > summary { font-weight: 600; cursor: pointer; padding: var(--bi-space-1) 0; }
.bi-control-row { display: flex; gap: var(--bi-space-2); }
.bi-control { flex: 1; min-width: 0; margin: var(--bi-space-1) 0; }
.bi-control__label { display: block; font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); margin-bottom: 2px; }
.bi-control__info { min-width: 20px; height: 20px; padding: 0; margin-left: 2px; vertical-align: middle; color: var(--bi-color-text-muted); }
.bi-required { color: var(--bi-color-error); }
.bi-control--invalid .bi-select__box, .bi-control--invalid .bi-metric-picker { border-color: var(--bi-color-error); }
.bi-chip-list { list-style: none; display: flex; flex-wrap: wrap; gap: var(--bi-space-1); margin: 0 0 var(--bi-space-1); padding: 0; }
.bi-popover { border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); padding: var(--bi-space-2); margin-top: var(--bi-space-1);
  display: flex; flex-direction: column; gap: var(--bi-space-2); background: var(--bi-color-surface); box-shadow: 0 4px 12px rgb(0 0 0 / 12%); }
.bi-popover__actions { display: flex; justify-content: flex-end; gap: var(--bi-space-2); }
.bi-tabs { display: flex; gap: var(--bi-space-1); }
.bi-tab { font: inherit; background: none; border: none; border-bottom: 2px solid transparent; padding: var(--bi-space-1) var(--bi-space-2); cursor: pointer; color: inherit; }
.bi-tab--active { border-bottom-color: var(--bi-color-primary); color: var(--bi-color-primary-dark); }
.bi-draggable { cursor: grab; }
.bi-drop-target--over { outline: 2px dashed var(--bi-color-primary); outline-offset: 2px; border-radius: var(--bi-radius); }
.bi-cf { display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-cf__rules { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-cf__rule { display: flex; align-items: center; gap: var(--bi-space-1); }
.bi-cf__summary { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bi-cf__hint { color: var(--bi-color-text-muted); font-size: var(--bi-font-size-sm); margin: 0; }
.bi-ts-column { border: 1px solid var(--bi-color-border); border-radius: 4px; padding: var(--bi-space-1); margin: 0; display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-cf-editor__field { display: flex; flex-direction: column; gap: 2px; font-size: var(--bi-font-size-sm); }
.bi-cf-editor__colors { border: none; margin: 0; padding: 0; font-size: var(--bi-font-size-sm); }
.bi-cf-editor__colors [role=radiogroup] { display: flex; flex-wrap: wrap; gap: 4px; }
.bi-cf-swatch { display: inline-block; width: 18px; height: 18px; padding: 0; border: 1px solid var(--bi-color-border); border-radius: 3px; cursor: pointer; }
.bi-contours .bi-cf__summary { white-space: normal; }
.bi-contour-editor__color { display: flex; align-items: center; gap: var(--bi-space-1); }
.bi-contour-editor__color code { font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-cf-swatch--selected { outline: 2px solid var(--bi-color-text); outline-offset: 1px; }
.bi-annotation-layers .bi-cf__summary { white-space: normal; }
.bi-annotation-editor { display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-annotation-editor__group { border: 1px solid var(--bi-color-border); border-radius: 4px; padding: var(--bi-space-1); margin: 0; display: flex; flex-direction: column; gap: var(--bi-space-1); font-size: var(--bi-font-size-sm); }
.bi-annotation-editor__check { display: flex; gap: var(--bi-space-1); align-items: center; font-size: var(--bi-font-size-sm); }
.bi-annotation-editor__color { width: 48px; height: 28px; padding: 0; border: 1px solid var(--bi-color-border); border-radius: 3px; background: none; }
.bi-time-range__custom, .bi-bounds { display: flex; gap: var(--bi-space-1); align-items: center; margin-top: var(--bi-space-1); }
.bi-spatial, .bi-viewport { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: var(--bi-space-1); }
.bi-viewport__fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(90px, 1fr)); gap: var(--bi-space-1); }
.bi-viewport__field { display: flex; flex-direction: column; font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-viewport__field input[aria-invalid="true"] { border-color: var(--bi-color-negative, #c0392b); }
.bi-spatial__reverse { display: flex; gap: var(--bi-space-1); align-items: center; font-size: var(--bi-font-size-sm); }
.bi-explore__run { position: sticky; bottom: 0; padding-top: var(--bi-space-2); background: var(--bi-color-surface); }
.bi-explore__run .bi-button { width: 100%; }
.bi-chart-area { position: relative; min-height: 420px; display: flex; flex-direction: column; }
.bi-chart-area__host { flex: 1; min-height: 400px; }
.bi-chart-area__empty { color: var(--bi-color-text-muted); }
.bi-explore__not-found { max-width: 560px; margin: 48px auto; text-align: center; }
.bi-chart-area__prompt { max-width: 440px; margin: 48px auto; text-align: center; color: var(--bi-color-text-muted); }
.bi-chart-area__prompt-title { font-size: 16px; font-weight: 600; color: var(--bi-color-text); margin: 0 0 8px; }
.bi-data-pane { border-top: 1px solid var(--bi-color-border); margin-top: var(--bi-space-2); padding-top: var(--bi-space-2); }
.bi-data-pane__bar { display: flex; justify-content: space-between; align-items: center; gap: var(--bi-space-2); }
.bi-data-pane__actions { display: flex; gap: var(--bi-space-1); }
.bi-result__scroll { max-height: 300px; overflow: auto; }
.bi-result-table { border-collapse: collapse; font-size: var(--bi-font-size-sm); }
.bi-result-table th, .bi-result-table td { padding: 2px var(--bi-space-2); border-bottom: 1px solid var(--bi-color-border); text-align: left; white-space: nowrap; }
.bi-sql { white-space: pre-wrap; font-family: monospace; background: var(--bi-color-bg); padding: var(--bi-space-2); }
.bi-viz-picker__current { display: flex; align-items: center; gap: var(--bi-space-2); width: 100%; }
.bi-viz-gallery { list-style: none; display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: var(--bi-space-2); padding: 0; }
.bi-viz-gallery__item { font: inherit; width: 100%; display: flex; flex-direction: column; align-items: center; gap: var(--bi-space-1); padding: var(--bi-space-2);
  border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); cursor: pointer; color: inherit; }
.bi-viz-gallery__item--selected { border-color: var(--bi-color-primary); }
.bi-viz-gallery__heading { margin: var(--bi-space-3) 0 var(--bi-space-1); font-size: var(--bi-font-size-sm); text-transform: uppercase; letter-spacing: .04em; color: var(--bi-color-text-muted); }
.bi-alert--danger { color: var(--bi-color-error-dark); background: var(--bi-color-error-light); padding: var(--bi-space-2); border-radius: var(--bi-radius); }
.bi-field { display: flex; flex-direction: column; gap: 2px; margin: var(--bi-space-2) 0; }
.bi-save-modal__action { border: none; padding: 0; display: flex; gap: var(--bi-space-3); }
.bi-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;
