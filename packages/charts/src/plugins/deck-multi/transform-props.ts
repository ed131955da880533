/**
 * deck_multi's results -> one map: each loaded sub-chart's props made by its own plugin's transformProps
 * (its own form data and data, the multi chart's size, theme and colours), the multi chart's viewport, and
 * one notice line under the map per sub-chart that could not be drawn or per sub-chart's skipped rows.
 * When no sub-chart can be drawn the chart fails with every reason (its error panel, not an empty map).
 */
import { rowGate } from '../../shared/row-threshold';
import type { TransformPropsInput } from '../../types';
import type { LonLat } from '../deck-shared/spatial';
import type { DeckProps } from '../deck-shared/types';
import { pointBounds, readViewport } from '../deck-shared/viewport';
import { baseProps } from '../svg-common/svg';
import { DECK_LAYER_PLUGINS } from './layer-plugins';
import type { DeckMultiLayer, DeckMultiProps, DeckMultiResult } from './types';

/**
 * @example
 * transformDeckMultiProps({ formData, queriesData: await loadDeckLayers(context), width: 800, height: 600 }).layers.length; // 2
 */
export function transformDeckMultiProps(input: TransformPropsInput): DeckMultiProps {
  const fd = input.formData;
  const layers: DeckMultiLayer[] = [];
  const messages: string[] = [];
  const corners: LonLat[] = [];
  for (const result of input.queriesData as DeckMultiResult[]) {
    if (result.deck_layer_error) messages.push(result.deck_layer_error);
    const source = result.deck_layer;
    if (!source) continue;
    const vizType = source.formData.viz_type;
    try {
      const plugin = DECK_LAYER_PLUGINS.get(vizType);
      if (!plugin) throw new Error(`${vizType} is not a deck.gl layer`);
      const props = plugin.transformProps({ ...input, formData: source.formData, queriesData: source.queriesData }) as DeckProps;
      layers.push({ vizType, sliceName: source.sliceName, props });
      messages.push(...props.skippedMessages.map((m) => `${source.sliceName}: ${m}`));
      if (props.fitBounds) corners.push(...props.fitBounds);
    } catch (error) {
      // A sub-chart whose saved controls are invalid loses its layer, not the map.
      messages.push(`${source.sliceName} (${source.sliceId}) skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!layers.length && messages.length) throw new Error(`No layer can be drawn: ${messages.join('; ')}`);
  const names = layers.map((l) => l.sliceName).join(', ');
  const rows = (input.queriesData as DeckMultiResult[]).reduce((n, r) => n + (r.rowcount ?? 0), 0);
  return {
    ...baseProps(input, `Map of ${layers.length} ${layers.length === 1 ? 'layer' : 'layers'}${names ? `: ${names}` : ''}`),
    // Every layer's rows are drawn: the large-render gate counts them all.
    gate: rowGate(rows, input.confirmedLargeRender),
    viewport: readViewport(fd.viewport),
    fitBounds: fd.autozoom === false ? null : pointBounds(corners),
    skippedMessages: messages,
    mapStyleUrl: input.mapStyleUrl ?? null,
    layers,
  };
}
