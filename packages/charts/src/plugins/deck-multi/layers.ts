/**
 * deck_multi's drawing: each sub-chart's layers as its own type's spec makes them, ids prefixed with the
 * layer's position (two scatter sub-charts would otherwise both be 'deck-scatter', and deck.gl matches
 * layers by id), and a hovered object's tooltip answered by the spec of the sub-chart it belongs to.
 */
import type { Layer, LayersList } from '@deck.gl/core';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckProps } from '../deck-shared/types';
import type { DeckMultiProps } from './types';

type Specs = Readonly<Record<string, DeckChartSpec<DeckProps>>>;

const SEPARATOR = '/';

/**
 * The spec of deck_multi over the other deck types' specs (deck-family/renderers passes them: it is the
 * module that holds them, in the lazy drawing chunk).
 *
 * @example
 * const DECK_SPECS = { ...LAYER_SPECS, deck_multi: multiSpec(LAYER_SPECS) };
 */
export function multiSpec(specs: Specs): DeckChartSpec<DeckMultiProps> {
  return {
    layers: (p) =>
      p.layers.flatMap((layer, index) => {
        const spec = specs[layer.vizType];
        return spec ? flatLayers(spec.layers(layer.props)).map((l) => l.clone({ id: `${index}${SEPARATOR}${l.id}` })) : [];
      }),
    tooltip: (p, pick) => {
      const [index, ...rest] = pick.layerId.split(SEPARATOR);
      const layer = p.layers[Number(index)];
      const spec = layer ? specs[layer.vizType] : undefined;
      const tip = spec?.tooltip?.(layer!.props, { ...pick, layerId: rest.join(SEPARATOR) }) ?? null;
      return tip && { ...tip, title: `${layer!.sliceName}: ${tip.title}` };
    },
  };
}

/** A LayersList (nested arrays, falsy entries) as a flat list of layers. */
export function flatLayers(list: LayersList): Layer[] {
  return list.flatMap((item) => (Array.isArray(item) ? flatLayers(item) : item ? [item as Layer] : []));
}
