/** Props every deck.gl chart's render receives, beside its own data. */
import type { BaseChartProps } from '../../shared/mount';
import type { TooltipLine } from '../../shared/tooltip';
import type { CrossFilterSelection } from '../../types';
import type { DeckViewport, LonLatBounds } from './viewport';

/** The shared part of a deck chart's props. */
export interface DeckProps extends BaseChartProps {
  /** The saved viewport: where the map looks when autozoom is off or there are no points. */
  viewport: DeckViewport;
  /** The data's bounds when autozoom is on (the incumbent's default): the map opens fitted to them. */
  fitBounds: LonLatBounds | null;
  /** 'N rows skipped: <reason>' lines shown under the map. */
  skippedMessages: string[];
  /** The configured MapLibre style drawn under the layers (TransformPropsInput.mapStyleUrl); null: the offline base map. */
  mapStyleUrl?: string | null;
}

/** A hovered object's tooltip. */
export interface DeckTooltip {
  title: string;
  lines: TooltipLine[];
}

/** Picking info as the render passes it to a chart's hooks: the hovered or clicked object. */
export interface DeckPick {
  object: unknown;
  /** Index in the layer's data (-1 for none). */
  index: number;
  layerId: string;
}
export type { CrossFilterSelection };
