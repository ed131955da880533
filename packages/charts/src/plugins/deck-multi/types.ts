/** Types of the deck.gl multiple-layer chart (viz_type 'deck_multi'): saved deck charts drawn as one map. */
import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import type { DeckProps } from '../deck-shared/types';

/** A saved deck chart loaded as a layer: its form data (with the multi chart's filters) and its results. */
export interface DeckLayerSource {
  sliceId: number;
  sliceName: string;
  formData: QueryFormData;
  queriesData: ChartDataResponseResult[];
}

/**
 * One chart-data result of deck_multi per sub-chart: the loaded layer, or why it cannot be drawn (not
 * `error`, which would fail the whole chart: one bad sub-chart only loses its own layer).
 */
export interface DeckMultiResult extends ChartDataResponseResult {
  deck_layer?: DeckLayerSource;
  deck_layer_error?: string;
}

/** One sub-chart's layer props, as its own plugin's transformProps made them. */
export interface DeckMultiLayer {
  vizType: string;
  sliceName: string;
  props: DeckProps;
}

/** Render props of deck_multi: the multi chart's map, every sub-chart's props. */
export interface DeckMultiProps extends DeckProps {
  layers: DeckMultiLayer[];
}
