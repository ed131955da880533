/**
 * Viz type thumbnails (the plugins' inline SVG) wherever a gallery shows them: Explore's chart type picker and
 * the Create a new chart page. Plugins draw their figures' ink in a fixed dark grey (#333: Big Number's
 * '12.3k', the gauge's needle) that vanishes on a dark surface; that ink takes the text colour instead, so a
 * thumbnail reads in every theme. Series colours stay as drawn: they are the chart's own palette.
 */
export const VIZ_THUMBNAIL_CSS = `
.bi-thumb { display: inline-flex; }
.bi-thumb [fill="#333"], .bi-thumb [fill="#333333"] { fill: currentColor; }
.bi-thumb [stroke="#333"], .bi-thumb [stroke="#333333"] { stroke: currentColor; }
`;
