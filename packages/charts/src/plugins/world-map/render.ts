/**
 * SVG world map: every country's outline (Natural Earth 1:110m, loaded on first draw), the countries of
 * the result filled by colour, optional bubbles, a colour legend, tooltips, zoom and pan, and a cross
 * filter on a country click.
 */
import { geoEqualEarth, geoPath } from 'd3-geo';
import { crossFilterOpacity, isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from '../../shared/cross-filter';
import { LEGEND_HEIGHT, NOTICE_HEIGHT, legendElement, skippedNotice } from '../../shared/geo/choropleth';
import { attachZoom } from '../../shared/geo/zoom';
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { createTooltip } from '../../shared/tooltip';
import type { ChartInstance } from '../../types';
import { svgRoot } from '../svg-common/svg';
import { loadWorldCountries, type CountryFeature } from './geometry';
import type { WorldMapCountry, WorldMapProps } from './types';

/** Antarctica: no country of any data set, and a third of the map's height in most projections. */
const ANTARCTICA = '010';

/**
 * Countries of the result are focusable (Tab) and named for screen readers ('France: count 1.2k'); with
 * a host cross filter they are buttons toggled by click, Enter or Space (Ctrl/Cmd adds).
 *
 * @example
 * renderWorldMap(container, transformWorldMapProps(input));
 */
export function renderWorldMap(element: HTMLElement, props: WorldMapProps): ChartInstance<WorldMapProps> {
  let current: WorldMapProps | undefined;
  return mountChart(element, props, {
    asyncRendered: true,
    draw(body, p, _previous, rendered) {
      current = p;
      loadWorldCountries().then(
        (features) => {
          if (current !== p) return;
          drawMap(body, p, features);
          rendered();
        },
        (error: unknown) => {
          if (current !== p) return;
          body.replaceChildren(h('div', { class: 'bi-error', role: 'alert' }, [`The world map's country shapes could not be loaded: ${String(error)}`]));
          rendered();
        },
      );
    },
    destroy() {
      current = undefined;
    },
  });
}

function drawMap(body: HTMLElement, p: WorldMapProps, features: CountryFeature[]): void {
  const shapes = features.filter((f) => f.id !== ANTARCTICA);
  const mapHeight = Math.max(40, p.height - (p.legend ? LEGEND_HEIGHT : 0) - (p.skipped ? NOTICE_HEIGHT : 0));
  const projection = geoEqualEarth().fitSize([p.width, mapHeight], { type: 'FeatureCollection', features: shapes });
  const path = geoPath(projection);
  const byId = new Map(p.countries.map((c) => [c.numeric, c]));
  const root = svgRoot(p.width, mapHeight, `${p.ariaLabel}. Use + and - to zoom, the arrow keys to pan, 0 to reset.`);
  root.classList.add('bi-world-map');
  root.setAttribute('tabindex', '0');
  root.style.cursor = 'grab';
  root.style.touchAction = 'none';
  const layer = svg('g', { class: 'bi-world-map-view' });
  const zoom = attachZoom(root, layer, p.width, mapHeight);
  const tooltip = createTooltip(body);
  for (const f of shapes) {
    const country = f.id === undefined ? undefined : byId.get(f.id);
    const d = path(f);
    if (!d) continue;
    const shape = svg('path', {
      d,
      class: country ? 'bi-world-map-country' : 'bi-world-map-land',
      fill: country?.fill || p.theme.grid,
      stroke: p.theme.background,
      'stroke-width': 0.5,
      'vector-effect': 'non-scaling-stroke',
    });
    if (country) dataCountry(shape, country, p, () => zoom.wasDrag());
    layer.append(shape);
  }
  if (p.showBubbles) layer.append(bubbles(p, shapes, byId, path));
  root.append(layer);
  root.addEventListener('mousemove', (event) => {
    const country = byId.get((event.target as Element).getAttribute?.('data-country') ?? '');
    if (!country) return tooltip.hide();
    const origin = body.getBoundingClientRect();
    tooltip.show(event.clientX - origin.left, event.clientY - origin.top, country.name, tipLines(p, country));
  });
  root.addEventListener('mouseleave', () => tooltip.hide());
  const parts: Node[] = [root];
  if (p.legend) parts.push(legendElement(p.legend, p.metricName, p.theme, 'bi-world-map-legend'));
  if (p.skipped) parts.push(skippedNotice(p.skipped, p.theme, 'bi-world-map-skipped'));
  body.replaceChildren(...parts, tooltip.element);
}

/** A country of the result: its data key, accessible name, and cross-filter toggle. */
function dataCountry(shape: SVGPathElement, c: WorldMapCountry, p: WorldMapProps, wasDrag: () => boolean): void {
  shape.setAttribute('data-country', c.numeric);
  const label = `${c.name}: ${p.metricName} ${p.formatValue(c.value)}`;
  const column = p.onCrossFilter ? p.crossFilterColumn : null;
  if (!column) {
    shape.setAttribute('tabindex', '0');
    shape.setAttribute('role', 'img');
    shape.setAttribute('aria-label', label);
    return;
  }
  shape.setAttribute('opacity', String(crossFilterOpacity(p.crossFilterValues, c.entityValue)));
  makeCrossFilterTarget(shape, `Filter by ${label}`, isCrossFilterSelected(p.crossFilterValues, c.entityValue), (additive) => {
    if (wasDrag()) return;
    p.onCrossFilter?.(toggleCrossFilter(column, p.crossFilterValues, c.entityValue, additive));
  });
}

function tipLines(p: WorldMapProps, c: WorldMapCountry) {
  const lines = [{ color: c.fill || undefined, label: p.metricName, value: p.formatValue(c.value) }];
  if (p.showBubbles && p.bubbleMetricName !== p.metricName) lines.push({ color: p.bubbleColor, label: p.bubbleMetricName, value: p.formatValue(c.bubbleValue) });
  return lines;
}

/** A circle per country with a value, at its shape's centroid; pointer events go to the country below. */
function bubbles(p: WorldMapProps, shapes: CountryFeature[], byId: Map<string, WorldMapCountry>, path: ReturnType<typeof geoPath>): SVGGElement {
  const group = svg('g', { class: 'bi-world-map-bubbles' });
  for (const f of shapes) {
    const c = f.id === undefined ? undefined : byId.get(f.id);
    if (!c || c.radius <= 0) continue;
    const [cx, cy] = path.centroid(f);
    if (!Number.isFinite(cx) || !Number.isFinite(cy)) continue;
    group.append(svg('circle', { cx, cy, r: c.radius, fill: p.bubbleColor, stroke: '#fff', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke', 'data-country': c.numeric }));
  }
  return group;
}
