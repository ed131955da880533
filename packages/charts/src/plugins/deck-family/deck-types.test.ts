/** Every deck type: its query, its props from valid form data, and a named error from bad form data. */
import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { result } from '../svg-common/test-support';
import * as deck from './index';

const ds = { datasource: '30__table', time_range: 'No filter' };
const spatial = { type: 'latlong', lonCol: 'lon', latCol: 'lat' };
const points = result([
  { lon: 2.35, lat: 48.85, kind: 'cafe', count: 3 },
  { lon: -0.12, lat: 51.5, kind: 'bar', count: 5 },
  { lon: 'east', lat: 51.5, kind: 'bar', count: 1 },
  { lon: 13.4, lat: 99, kind: 'bar', count: 1 },
]);
const input = (formData: Record<string, unknown>, data = points) => ({ formData: formData as QueryFormData, queriesData: [data], width: 600, height: 400 });

const AGGREGATIONS = [
  ['deck_hex', deck.deckHexPlugin, { grid_size: '20000' }],
  ['deck_grid', deck.deckGridPlugin, { grid_size: 20000 }],
  ['deck_heatmap', deck.deckHeatmapPlugin, { radius_pixels: 40 }],
  ['deck_screengrid', deck.deckScreengridPlugin, { grid_size: 10 }],
  ['deck_contour', deck.deckContourPlugin, { cellSize: 300 }],
] as const;

describe('deck types', () => {
  it('deck_scatter: points sized by a metric, coloured by category; bad rows reported', () => {
    const fd = { ...ds, viz_type: 'deck_scatter', spatial, dimension: 'kind', point_radius_fixed: { type: 'metric', value: 'count' }, point_unit: 'radius_km', viewport: { longitude: 0, latitude: 50, zoom: 4 } };
    expect(deck.deckScatterPlugin.buildQuery(fd as never).queries[0]).toMatchObject({ columns: ['lon', 'lat', 'kind'], metrics: ['count'] });
    const props = deck.deckScatterPlugin.transformProps(input(fd));
    expect(props.points.map((p) => [p.position, p.radius, p.category])).toEqual([[[2.35, 48.85], 3000, 'cafe'], [[-0.12, 51.5], 5000, 'bar']]);
    expect(props.points[0].color).not.toEqual(props.points[1].color);
    expect(props.skippedMessages).toEqual(['1 row skipped: non-numeric coordinates', '1 row skipped: coordinates out of range']);
    expect(props.viewport).toMatchObject({ longitude: 0, latitude: 50, zoom: 4 });
    expect(props.fitBounds).toEqual([[-0.12, 48.85], [2.35, 51.5]]);
    const fixed = deck.deckScatterPlugin.buildQuery({ ...fd, point_radius_fixed: { type: 'fix', value: 500 } } as never).queries[0];
    expect(fixed).toMatchObject({ metrics: [] });
    expect(fixed.filters).toEqual(expect.arrayContaining([{ col: 'lon', op: 'IS NOT NULL' }, { col: 'lat', op: 'IS NOT NULL' }]));
    expect(() => deck.deckScatterPlugin.buildQuery({ ...fd, spatial: undefined } as never)).toThrow('Longitude & Latitude cannot be empty');
    expect(() => deck.deckScatterPlugin.transformProps(input({ ...fd, point_unit: 'furlongs' }))).toThrow('Point Unit: unknown unit "furlongs"');
    expect(() => deck.deckScatterPlugin.transformProps(input({ ...fd, dimension: 'nope' }))).toThrow('Column "nope" is not in the query result');
  });

  it.each(AGGREGATIONS)('%s: the spatial columns grouped with the Weight metric', (vizType, plugin, options) => {
    const fd = { ...ds, viz_type: vizType, spatial, size: 'count', ...options };
    expect(plugin.buildQuery(fd as never).queries[0]).toMatchObject({ columns: ['lon', 'lat'], metrics: ['count'] });
    const props = plugin.transformProps(input(fd));
    expect(props.points).toEqual([{ position: [2.35, 48.85], weight: 3 }, { position: [-0.12, 51.5], weight: 5 }]);
    expect(props.skippedMessages).toHaveLength(2);
    expect(() => plugin.buildQuery({ ...fd, size: undefined } as never)).toThrow('Weight cannot be empty');
    expect(() => plugin.transformProps(input({ ...fd, viewport: { zoom: -3 } }))).toThrow('Viewport: zoom must be a number from 0 to 24');
  });

  it('aggregation options: cell sizes, contours and named errors', () => {
    const fd = { ...ds, spatial, size: 'count' };
    expect(deck.deckHexPlugin.transformProps(input({ ...fd, grid_size: '20000', js_agg_function: 'mean' }))).toMatchObject({ cellSize: 20000, aggregation: 'MEAN' });
    expect(() => deck.deckGridPlugin.transformProps(input({ ...fd, grid_size: 'big' }))).toThrow('Grid Size must be a positive number');
    expect(() => deck.deckHexPlugin.transformProps(input({ ...fd, js_agg_function: 'median' }))).toThrow('unknown aggregation "median"');
    const contours = [{ lowerThreshold: 1, upperThreshold: 4, color: { r: 255, g: 0, b: 0, a: 1 }, strokeWidth: 2 }, { lowerThreshold: 4, color: '#00ff00' }];
    expect(deck.deckContourPlugin.transformProps(input({ ...fd, contours })).contours).toEqual([
      { threshold: [1, 4], color: [255, 0, 0, 255], strokeWidth: 2 },
      { threshold: 4, color: [0, 255, 0, 255], strokeWidth: 1 },
    ]);
    expect(() => deck.deckContourPlugin.transformProps(input({ ...fd, contours: [{ upperThreshold: 3 }] }))).toThrow('Contours: contour 1 needs a numeric lower threshold');
    expect(deck.deckHeatmapPlugin.transformProps(input({ ...fd, aggregation: 'mean' })).aggregation).toBe('MEAN');
    expect(() => deck.deckHeatmapPlugin.transformProps(input({ ...fd, aggregation: 'max' }))).toThrow('Aggregation: unknown aggregation "max"');
  });

  it('deck_arc: start and end points, a row with either end bad is skipped', () => {
    const fd = { ...ds, viz_type: 'deck_arc', start_spatial: spatial, end_spatial: { type: 'delimited', lonlatCol: 'dest' }, stroke_width: 2 };
    expect(deck.deckArcPlugin.buildQuery(fd as never).queries[0]).toMatchObject({ columns: ['lon', 'lat', 'dest'], metrics: [] });
    const props = deck.deckArcPlugin.transformProps(input(fd, result([{ lon: 2.35, lat: 48.85, dest: '51.5,-0.12' }, { lon: 2.35, lat: 48.85, dest: 'nowhere' }])));
    expect(props.arcs.map((a) => [a.source, a.target])).toEqual([[[2.35, 48.85], [-0.12, 51.5]]]);
    expect(props.skippedMessages).toEqual(['1 row skipped: non-numeric coordinates']);
    expect(() => deck.deckArcPlugin.buildQuery({ ...fd, end_spatial: null } as never)).toThrow('End Longitude & Latitude cannot be empty');
  });

  it('deck_path: lines from JSON, polyline or geohash; unreadable ones reported', () => {
    const fd = { ...ds, viz_type: 'deck_path', line_column: 'route', line_type: 'json' };
    expect(deck.deckPathPlugin.buildQuery(fd as never).queries[0]).toMatchObject({ columns: ['route'] });
    const props = deck.deckPathPlugin.transformProps(input(fd, result([{ route: '[[2.3,48.8],[2.4,48.9]]' }, { route: 'oops' }])));
    expect(props.paths.map((p) => p.path)).toEqual([[[2.3, 48.8], [2.4, 48.9]]]);
    expect(props.skippedMessages).toEqual(['1 row skipped: unreadable geometry']);
    expect(() => deck.deckPathPlugin.buildQuery({ ...fd, line_type: 'wkt' } as never)).toThrow('Lines encoding: unknown type "wkt"');
    expect(() => deck.deckPathPlugin.buildQuery({ ...fd, line_column: undefined } as never)).toThrow('Lines column cannot be empty');
  });

  it('deck_polygon: polygons coloured from the smallest to the largest value', () => {
    const fd = { ...ds, viz_type: 'deck_polygon', line_column: 'zone', metric: 'count', linear_color_scheme: 'white_black', opacity: 100 };
    expect(deck.deckPolygonPlugin.buildQuery(fd as never).queries[0]).toMatchObject({ columns: ['zone'], metrics: ['count'] });
    const square = (x: number) => JSON.stringify({ type: 'Polygon', coordinates: [[[x, 0], [x + 1, 0], [x + 1, 1], [x, 0]]] });
    const props = deck.deckPolygonPlugin.transformProps(input(fd, result([{ zone: square(0), count: 1 }, { zone: square(2), count: 9 }])));
    expect(props.polygons.map((p) => p.fill)).toEqual([[255, 255, 255, 255], [0, 0, 0, 255]]);
    expect(() => deck.deckPolygonPlugin.buildQuery({ ...fd, metric: undefined } as never)).toThrow('Metric cannot be empty');
  });

  it('deck_geojson: features, collections and geometries; other values reported', () => {
    const fd = { ...ds, viz_type: 'deck_geojson', geojson: 'shape' };
    expect(deck.deckGeojsonPlugin.buildQuery(fd as never).queries[0]).toMatchObject({ columns: ['shape'] });
    const rows = result([
      { shape: JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [2, 48] }, properties: { name: 'a' } }) },
      { shape: JSON.stringify({ type: 'LineString', coordinates: [[0, 0], [1, 1]] }) },
      { shape: '{"type":"Circle"}' },
    ]);
    const props = deck.deckGeojsonPlugin.transformProps(input(fd, rows));
    expect(props.features.map((f) => f.geometry.type)).toEqual(['Point', 'LineString']);
    expect(props.skippedMessages).toEqual(['1 row skipped: unreadable geometry']);
    expect(props.fitBounds).toEqual([[0, 0], [2, 48]]);
    expect(() => deck.deckGeojsonPlugin.buildQuery({ ...fd, geojson: undefined } as never)).toThrow('GeoJson Column cannot be empty');
  });
});
