import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { validateControls } from '../../controls/validators';
import { spatialProblem, viewportProblem } from './control-checks';
import { DECK_VIEW_EVENT, dispatchDeckView, viewportOf } from './view-event';

describe('spatial and viewport checks', () => {
  it('names the missing part of a spatial value, for each way of storing coordinates', () => {
    expect(spatialProblem({ type: 'latlong', lonCol: 'lon', latCol: 'lat' })).toBeNull();
    expect(spatialProblem({ type: 'latlong', latCol: 'lat' })).toBe('Pick the longitude column');
    expect(spatialProblem({ type: 'latlong', lonCol: 'lon', latCol: '' })).toBe('Pick the latitude column');
    expect(spatialProblem({ type: 'delimited' })).toBe('Pick the column holding "lat,lon" text');
    expect(spatialProblem({ type: 'geohash', geohashCol: 'gh' })).toBeNull();
    expect(spatialProblem({ type: 'h3' })).toMatch(/^Pick how the coordinates are stored/);
    expect(spatialProblem(undefined)).toBeNull();
  });

  it('names the viewport field out of its range', () => {
    expect(viewportProblem({ longitude: 2.35, latitude: 48.85, zoom: 11, pitch: 0, bearing: 0 })).toBeNull();
    expect(viewportProblem({ zoom: 30 })).toBe('Zoom must be a number from 0 to 24');
    expect(viewportProblem({ latitude: -91 })).toBe('Latitude must be a number from -90 to 90');
    expect(viewportProblem(undefined)).toBeNull();
  });

  it("holds a deck chart back in Explore until its spatial control is complete and its viewport valid", () => {
    const panel = getControlPanel('deck_scatter')!;
    expect(validateControls(panel, { spatial: { type: 'latlong', lonCol: 'lon' }, viewport: { pitch: 90 } })).toEqual({
      spatial: ['Pick the latitude column'],
      viewport: ['Pitch must be a number from 0 to 85'],
    });
    expect(validateControls(panel, { spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } })).toEqual({});
    expect(Object.keys(validateControls(getControlPanel('deck_arc')!, {}))).toEqual(['start_spatial', 'end_spatial']);
    for (const vizType of ['deck_hex', 'deck_grid', 'deck_heatmap', 'deck_screengrid', 'deck_contour']) {
      expect(validateControls(getControlPanel(vizType)!, { size: 'count' }), vizType).toEqual({ spatial: ['cannot be empty'] });
    }
  });
});

describe('the map view event', () => {
  it("rounds deck.gl's view state to the five saved fields", () => {
    expect(viewportOf({ longitude: 2.351234567, latitude: 48.856612345, zoom: 11.23456, pitch: 12.345, bearing: -7.06, width: 800 })).toEqual({
      longitude: 2.35123,
      latitude: 48.85661,
      zoom: 11.23,
      pitch: 12.3,
      bearing: -7.1,
    });
  });

  it('bubbles from the canvas to the page with the view', () => {
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    document.addEventListener(DECK_VIEW_EVENT, listener);
    dispatchDeckView(canvas, { longitude: 1, latitude: 2, zoom: 3 });
    document.removeEventListener(DECK_VIEW_EVENT, listener);
    canvas.remove();
    expect(seen).toEqual([{ longitude: 1, latitude: 2, zoom: 3, pitch: 0, bearing: 0 }]);
  });
});
