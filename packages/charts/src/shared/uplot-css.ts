/**
 * uPlot's layout CSS, which hosts do not load. Every renderer that draws with uPlot puts it in its own chart
 * root: without it uPlot's over/under layers take space in the flow and push the canvas below its box, so a
 * chart that happened to share a page with a time series looked right and the same chart alone did not.
 */
export const UPLOT_CSS = `.uplot{width:min-content}.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}
.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}
.u-select{background:rgba(128,128,128,.15);position:absolute;pointer-events:none}
.u-cursor-x,.u-cursor-y{position:absolute;left:0;top:0;pointer-events:none;will-change:transform}
.u-hz .u-cursor-x,.u-vt .u-cursor-y{height:100%;border-right:1px dashed var(--bi-color-text-muted,#607D8B)}
.u-hz .u-cursor-y,.u-vt .u-cursor-x{width:100%;border-bottom:1px dashed var(--bi-color-text-muted,#607D8B)}
.u-cursor-pt{position:absolute;top:0;left:0;border-radius:50%;border:0 solid;pointer-events:none;will-change:transform;background-clip:padding-box!important}
.u-axis.u-off,.u-select.u-off,.u-cursor-x.u-off,.u-cursor-y.u-off,.u-cursor-pt.u-off{display:none}`;

