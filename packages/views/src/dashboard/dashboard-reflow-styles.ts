import { GRID_GUTTER_SIZE } from '@lumen-bi/core';

/** At or below this width (px) of the dashboard's grid area, rows of charts and markdown wrap into two columns. */
export const DASHBOARD_TWO_COLUMN_WIDTH = 900;
/** At or below this width (px) every component of a row takes the full width: one column. */
export const DASHBOARD_ONE_COLUMN_WIDTH = 600;
/** The narrowest the saved grid is drawn in edit mode (px); a narrower area scrolls sideways inside itself. */
export const DASHBOARD_EDIT_GRID_MIN_WIDTH = 760;

const ROW_ITEMS = ['.bi-dash-chart', '.bi-dash-markdown', '.bi-dash-column'].map((item) => `.bi-dash:not(.bi-dash--editing) .bi-dash-row > ${item}`).join(',');

/**
 * The 12-column grid on a narrow dashboard (a narrow window, the filter bar beside it, a host's narrow
 * column): rather than squeezing every chart to a sliver, the components of a row wrap, in layout order, into
 * two columns and then one, each keeping its saved height. A container query on the grid area, so an
 * embedded dashboard reflows by its own width, not the host window's. Widths are a component's inline flex
 * basis (layout-grid.tsx), hence !important. Edit mode keeps the true grid, so a resize shows what it saves,
 * at a workable width: a narrower grid area scrolls sideways inside itself rather than squeezing the grid.
 */
export const DASHBOARD_REFLOW_CSS = `
.bi-dash-main{container:bi-dash-grid/inline-size}
@container bi-dash-grid (max-width:${DASHBOARD_TWO_COLUMN_WIDTH}px){
.bi-dash:not(.bi-dash--editing) .bi-dash-row{flex-wrap:wrap}
${ROW_ITEMS}{flex:1 1 calc(50% - ${GRID_GUTTER_SIZE / 2}px)!important}
}
@container bi-dash-grid (max-width:${DASHBOARD_ONE_COLUMN_WIDTH}px){
${ROW_ITEMS}{flex-basis:100%!important}
}
.bi-dash--editing .bi-dash-main{overflow-x:auto}
.bi-dash--editing .bi-dash-main>*{min-width:${DASHBOARD_EDIT_GRID_MIN_WIDTH}px}
`;
