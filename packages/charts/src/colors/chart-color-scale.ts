/**
 * The colour scale a chart paints its series with. The incumbent's schemes were drawn for a white page: on a
 * dark surface some of their colours (#454E7C, #666666) sink into the background and a bar or a bubble of
 * that colour can hardly be seen. On a dark surface each colour is lifted until it stands out at 3:1 (WCAG's
 * contrast for graphical objects); on a light one colours stay exactly the scheme's, as the incumbent draws
 * them. Legends and marks both read the lifted colour, so they still match.
 */
import type { TransformPropsInput } from '../types';
import { createCategoricalColorScale, type CategoricalColorScale } from './categorical-color-scale';
import { legibleOn, relativeLuminance } from './readable-text';

/** Surfaces darker than this relative luminance count as dark (the dark theme's surface is about 0.02). */
const DARK_SURFACE = 0.2;

/**
 * `scale` with every colour lifted to stand out on `surface` when the surface is dark; `scale` itself on
 * a light or unreadable surface. The underlying scale keeps the scheme colours, so a dashboard's shared
 * label colours stay the same in both themes.
 *
 * @example
 * onSurface(scale, 'rgb(34, 39, 46)').getColor('a'); // a lighter '#454E7C' when 'a' was given it
 */
export function onSurface(scale: CategoricalColorScale, surface: string | undefined): CategoricalColorScale {
  const luminance = surface ? relativeLuminance(surface) : null;
  if (luminance === null || luminance >= DARK_SURFACE) return scale;
  const lift = (color: string) => legibleOn(color, surface!);
  return {
    source: scale.source,
    colors: scale.colors.map(lift),
    getColor: (label) => lift(scale.getColor(label)),
    domain: () => scale.domain().map(([label, color]) => [label, lift(color)]),
  };
}

/**
 * The scale of a chart: the host's (a dashboard's shared scale) or the form data's scheme and label colours,
 * fitted to the surface the host draws on.
 *
 * @example
 * const scale = chartColorScale(input);
 * series.map((s) => scale.getColor(s.name));
 */
export function chartColorScale(input: TransformPropsInput): CategoricalColorScale {
  return onSurface(schemeColorScale(input), input.surface);
}

/**
 * The host's scale or the form data's scheme and label colours, not yet fitted to a surface: for a chart
 * that hands one scale to several transforms (the mixed chart's two queries), each fitting it itself.
 *
 * @example
 * const shared = schemeColorScale(input);
 * transformA({ ...input, colorScale: shared });
 */
export function schemeColorScale(input: TransformPropsInput): CategoricalColorScale {
  const fd = input.formData;
  return input.colorScale ?? createCategoricalColorScale({ scheme: fd.color_scheme, labelColors: fd.label_colors, source: 'explore' });
}
