// Raw deck.gl, as a developer would write the same two maps by hand: the records of the parsed response
// (the incumbent's shape) mapped to positions inside the clock, a ScatterplotLayer or a GPU HexagonLayer
// with the same radius, cell size and view as Lumen's page, timed to the first frame after every layer
// has loaded and the browser's next painted frame. No base map.
import { Deck } from '@deck.gl/core';
import { HexagonLayer } from '@deck.gl/aggregation-layers';
import { ScatterplotLayer } from '@deck.gl/layers';
import { HEIGHT, WIDTH, mountPoint, settle } from './data.js';
import { VIEWPORT, parsedResponse } from './deck-data.js';
import { painted } from './hierarchy-data.js';

function layer(kind, data) {
  const getPosition = (d) => d.position;
  if (kind === 'scatter') return new ScatterplotLayer({ id: 'points', data, getPosition, getRadius: 1000, getFillColor: [31, 168, 201, 255] });
  return new HexagonLayer({ id: 'hexagons', data, getPosition, getColorWeight: (d) => d.weight, colorAggregation: 'SUM', radius: 20000, gpuAggregation: true });
}

window.runBench = async (kind, points) => {
  const [result] = parsedResponse(points);
  await settle();
  const el = mountPoint();
  const canvas = document.createElement('canvas');
  el.append(canvas);
  const t0 = performance.now();
  const [lon, lat, count] = result.columns;
  const data = new Array(lon.length);
  for (let i = 0; i < lon.length; i++) data[i] = { position: [lon[i], lat[i]], weight: count[i] };
  const drawn = await new Promise((resolve) => {
    const deck = new Deck({
      canvas,
      width: WIDTH,
      height: HEIGHT,
      initialViewState: VIEWPORT,
      layers: [layer(kind, data)],
      onAfterRender: () => {
        if (deck.props.layers.every((l) => l.isLoaded)) resolve(performance.now() - t0);
      },
    });
  });
  await painted();
  return { drawn, painted: performance.now() - t0, text: '' };
};
