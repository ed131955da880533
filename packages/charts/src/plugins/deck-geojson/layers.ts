/** The deck GeoJSON map's layer and tooltip. */
import { GeoJsonLayer } from '@deck.gl/layers';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckGeojsonProps } from './transform-props';

/** Features filled and stroked in the chosen colours (a feature's own fillColor/strokeColor property wins, as the incumbent's). */
export const geojsonSpec: DeckChartSpec<DeckGeojsonProps> = {
  layers: (p) => [
    new GeoJsonLayer({
      id: 'deck_geojson',
      data: p.features,
      filled: p.filled,
      stroked: p.stroked,
      extruded: p.extruded,
      getFillColor: (f) => ownColor(f.properties?.fillColor) ?? p.fill,
      getLineColor: (f) => ownColor(f.properties?.strokeColor) ?? p.stroke,
      getLineWidth: p.lineWidth,
      lineWidthUnits: p.widthUnits,
      lineWidthMinPixels: 1,
      pointRadiusScale: p.pointRadiusScale,
      pointRadiusMinPixels: 2,
      pickable: true,
    }),
  ],
  tooltip: (_p, { object }) => {
    const f = object as { geometry?: { type?: string }; properties?: Record<string, unknown> | null };
    const lines = Object.entries(f.properties ?? {}).filter(([, v]) => v === null || typeof v !== 'object').slice(0, 8).map(([label, v]) => ({ label, value: String(v) }));
    return { title: f.geometry?.type ?? 'Feature', lines };
  },
};

function ownColor(value: unknown): [number, number, number, number] | null {
  if (!Array.isArray(value) || value.length < 3 || !value.every((v) => typeof v === 'number')) return null;
  return [value[0], value[1], value[2], value[3] ?? 255];
}
