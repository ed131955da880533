/** Node symbols of the tree chart (the incumbent's ECharts symbol names) as SVG elements. */
import { svg } from '../../shared/dom';
import type { TreeSymbol } from './types';

/** Colours of a symbol: `filled` symbols (and collapsed nodes) take the colour inside too. */
export interface SymbolStyle {
  color: string;
  background: string;
  filled: boolean;
}

/**
 * The symbol of size `size` (px across) centred on (x, y); null for 'none'.
 *
 * @example
 * treeSymbol('diamond', 10, 10, 8, { color: '#1FA8C9', background: '#fff', filled: true })?.getAttribute('d'); // 'M10,6L14,10L10,14L6,10Z'
 */
export function treeSymbol(symbol: TreeSymbol, x: number, y: number, size: number, style: SymbolStyle): SVGElement | null {
  const r = size / 2;
  const paint = { fill: style.filled || symbol !== 'emptyCircle' ? style.color : style.background, stroke: style.color, 'stroke-width': 1.5 };
  switch (symbol) {
    case 'none':
      return null;
    case 'rect':
    case 'roundRect':
      return svg('rect', { x: x - r, y: y - r, width: size, height: size, rx: symbol === 'roundRect' ? r / 2 : 0, ...paint });
    case 'triangle':
      return svg('path', { d: `M${x},${y - r}L${x + r},${y + r}L${x - r},${y + r}Z`, ...paint });
    case 'diamond':
      return svg('path', { d: `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`, ...paint });
    default:
      return svg('circle', { cx: x, cy: y, r, ...paint });
  }
}
