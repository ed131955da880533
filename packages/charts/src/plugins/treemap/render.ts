/**
 * SVG treemap: a rect per node (parents under their children, with a header strip), labels that fit. The
 * marks are written as one markup string and parsed once: a 10k-leaf treemap costs one parse, not 10k
 * element creations and listener pairs (tooltips and cross filters are delegated to the root).
 */
import { readableTextOn } from '../../colors/readable-text';
import { h, svg } from '../../shared/dom';
import { truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot } from '../svg-common/svg';
import { attachNodeTooltip } from '../hierarchy-common/node-tooltip';
import { createPathMarks, escapeMarkup } from '../hierarchy-common/path-cross-filter';
import { HEADER_HEIGHT, layoutTreemap } from './layout';
import type { TreemapProps } from './types';

const PAD = 4;
/** Pixels to two decimals: shorter markup, no visible difference. */
const px = (n: number) => Math.round(n * 100) / 100;

/**
 * Leaves are cross-filter toggles when the host passes `onCrossFilter` (the incumbent's treemap filters on
 * leaves): click, Enter or Space selects the leaf's path; the leaf and its parents stay lit, the rest dim.
 *
 * @example
 * renderTreemap(container, transformTreemapProps(input));
 */
export function renderTreemap(element: HTMLElement, props: TreemapProps): ChartInstance<TreemapProps> {
  const marks = createPathMarks();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      const columns = p.onCrossFilter ? p.crossFilterColumns : null;
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      root.classList.add('bi-treemap');
      if (columns) root.setAttribute('role', 'group');
      const font = p.theme.fontSize - 1;
      const nodes = p.root.descendants();
      const rects = layoutTreemap(p.root, p.width, p.height, { ratio: p.ratio, upperLabels: p.showUpperLabels });
      const single = rects.length === 1;
      let tiles = '';
      let labels = '';
      const label = (x: number, y: number, fill: string, content: string, bold = false) => {
        labels += `<text x="${px(x)}" y="${px(y)}" dominant-baseline="middle" fill="${escapeMarkup(fill)}"${bold ? ' font-weight="600"' : ''}>${escapeMarkup(content)}</text>`;
      };
      for (const r of rects) {
        // The root is only the frame of its children (the incumbent hides it), unless it is all there is.
        if (r.depth === 0 && !single) continue;
        const w = r.x1 - r.x0;
        const hgt = r.y1 - r.y0;
        if (w <= 0 || hgt <= 0) continue;
        const node = nodes[r.index];
        const color = p.colors[r.index];
        const target = columns && r.leaf && !single ? `Filter by ${node.data.names.join(' ▸ ')}` : undefined;
        tiles += `<rect x="${px(r.x0)}" y="${px(r.y0)}" width="${px(w)}" height="${px(hgt)}" fill="${escapeMarkup(color)}" class="${r.leaf ? 'bi-treemap-leaf' : 'bi-treemap-parent'}"${marks.attrs(r.index, node.data.path, target)}/>`;
        if (!r.leaf && !single) {
          // A parent's label is its header strip, where the parent is tall enough to have one.
          if (r.depth > 0 && p.showUpperLabels && hgt > HEADER_HEIGHT * 2 && w > PAD * 2 + font * 2) {
            const shown = truncateLabel(p.labelOf(r.index), w - PAD * 2, font);
            if (shown) label(r.x0 + PAD, r.y0 + HEADER_HEIGHT / 2 + 1, readableTextOn(color, p.theme.text), shown, true);
          }
          continue;
        }
        // Cheap size checks first: most of a large treemap's leaves are too small for any text.
        if (!p.showLabels || hgt < font + PAD * 2 || w < PAD * 2 + font * 2) continue;
        const shown = truncateLabel(single ? p.tipOf(0).title : p.labelOf(r.index), w - PAD * 2, font);
        if (shown) label(r.x0 + PAD, r.y0 + PAD + font * 0.5 + 1, readableTextOn(color, p.theme.text), shown);
      }
      const tileLayer = svg('g', { class: 'bi-treemap-tiles' });
      tileLayer.innerHTML = tiles;
      // Labels let the pointer through to their tile.
      const labelLayer = svg('g', { 'pointer-events': 'none', 'font-size': font });
      labelLayer.innerHTML = labels;
      root.append(tileLayer, labelLayer);
      const nodeAt = (i: number) => nodes[i]?.data;
      if (columns) marks.attach(root, columns, p, nodeAt);
      body.replaceChildren(h('div', {}, [root]));
      attachNodeTooltip(body, root, (i) => (nodes[i] ? p.tipOf(i) : undefined));
    },
  });
}
