/**
 * How an annotation layer's saved style reads on the canvas: the incumbent's opacity steps and line styles.
 */
import type { AnnotationLayer } from '@lumen-bi/core';

/**
 * The opacity of a layer's `opacity` step (the incumbent's parseAnnotationOpacity); `fallback` when none is
 * chosen (1, except intervals, whose bands default to the medium step so the series stay readable).
 *
 * @example
 * annotationOpacity('opacityLow'); // 0.2
 * annotationOpacity('', 0.5); // 0.5
 */
export function annotationOpacity(opacity: AnnotationLayer['opacity'], fallback = 1): number {
  switch (opacity) {
    case 'opacityLow':
      return 0.2;
    case 'opacityMedium':
      return 0.5;
    case 'opacityHigh':
      return 0.8;
    default:
      return fallback;
  }
}

/**
 * The canvas line dash of a layer's `style` at `width` px. Dashes scale with the width, as ECharts' do
 * (dashed is 4w on 2w off, dotted w on w off); longDashed, which ECharts does not know, keeps the long
 * dashes of the incumbent's earlier (NVD3) charts.
 *
 * @example
 * lineDash('dashed', 2); // [8, 4]
 */
export function lineDash(style: AnnotationLayer['style'], width: number): number[] {
  const w = Math.max(1, width);
  switch (style) {
    case 'dashed':
      return [4 * w, 2 * w];
    case 'longDashed':
      return [8 * w, 3 * w];
    case 'dotted':
      return [w, w];
    default:
      return [];
  }
}

/** A layer's stroke: colour, width (css px), dash and opacity. */
export interface AnnotationStroke {
  color: string;
  width: number;
  dash: number[];
  opacity: number;
}

/**
 * The stroke of a line or event layer: its colour (else its name's colour on the chart's scale), its width
 * (1 px when unset, as the incumbent's layer editor starts), its dash and its opacity step.
 *
 * @example
 * layerStroke({ name: 'Goal', color: '#ff0000', width: 2, style: 'dashed', opacity: 'opacityHigh' } as AnnotationLayer, () => '#000');
 * // { color: '#ff0000', width: 2, dash: [8, 4], opacity: 0.8 }
 */
export function layerStroke(layer: AnnotationLayer, colorOf: (name: string) => string): AnnotationStroke {
  const width = typeof layer.width === 'number' && layer.width >= 0 ? layer.width : 1;
  return { color: layer.color || colorOf(layer.name), width, dash: lineDash(layer.style, width), opacity: annotationOpacity(layer.opacity) };
}
