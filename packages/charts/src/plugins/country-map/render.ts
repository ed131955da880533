/**
 * SVG country map: every region of the chosen country (its shapes loaded on first draw), the regions of
 * the result filled on the linear colour scheme, a colour legend, tooltips, zoom and pan, a cross filter
 * on a region click, and the rows skipped for an unknown code counted under the map.
 */
import { geoPath } from 'd3-geo';
import { crossFilterOpacity, isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from '../../shared/cross-filter';
import { h, svg } from '../../shared/dom';
import { fillByValue, LEGEND_HEIGHT, legendElement, NOTICE_HEIGHT, skippedNotice, type ChoroplethLegend } from '../../shared/geo/choropleth';
import { attachZoom } from '../../shared/geo/zoom';
import { mountChart } from '../../shared/mount';
import { createTooltip } from '../../shared/tooltip';
import type { ChartInstance } from '../../types';
import { svgRoot } from '../svg-common/svg';
import { countryProjection } from './projection';
import { loadCountryShapes, type CountryShapes } from './shapes';
import type { CountryMapProps, CountryMapRegion } from './types';

/** A region of the result matched to its shape, with its fill. */
interface DrawnRegion extends CountryMapRegion {
  name: string;
  fill: string;
}

/**
 * Regions of the result are focusable (Tab) and named for screen readers ('Bayern: population 13M');
 * with a host cross filter they are buttons toggled by click, Enter or Space (Ctrl/Cmd adds).
 *
 * @example
 * renderCountryMap(container, transformCountryMapProps(input));
 */
export function renderCountryMap(element: HTMLElement, props: CountryMapProps): ChartInstance<CountryMapProps> {
  let current: CountryMapProps | undefined;
  return mountChart(element, props, {
    asyncRendered: true,
    draw(body, p, _previous, rendered) {
      current = p;
      loadCountryShapes(p.countryKey).then(
        (shapes) => {
          if (current !== p) return;
          drawMap(body, p, shapes);
          rendered();
        },
        (error: unknown) => {
          if (current !== p) return;
          body.replaceChildren(h('div', { class: 'bi-error', role: 'alert' }, [`The region shapes of ${p.countryLabel} could not be loaded: ${String(error)}`]));
          rendered();
        },
      );
    },
    destroy() {
      current = undefined;
    },
  });
}

/**
 * The result's regions found among the shapes (a withdrawn code read as its current one), filled on the
 * scheme, and how many rows named no region of the country.
 */
export function matchRegions(p: CountryMapProps, shapes: CountryShapes): { byCode: Map<string, DrawnRegion>; legend: ChoroplethLegend | null; skipped: number } {
  const names = new Map(shapes.features.filter((f) => f.id).map((f) => [f.id!, f.properties?.name ?? f.id!]));
  const byCode = new Map<string, DrawnRegion>();
  let skipped = p.invalidCodes;
  for (const region of p.regions) {
    const code = shapes.aliases[region.code] ?? region.code;
    const name = names.get(code);
    if (!name) skipped += 1;
    else if (!byCode.has(code)) byCode.set(code, { ...region, code, name, fill: '' });
  }
  const legend = fillByValue(p.colorScheme, [...byCode.values()], (v) => p.formatValue(v));
  return { byCode, legend, skipped };
}

function drawMap(body: HTMLElement, p: CountryMapProps, shapes: CountryShapes): void {
  const { byCode, legend, skipped } = matchRegions(p, shapes);
  const mapHeight = Math.max(40, p.height - (legend ? LEGEND_HEIGHT : 0) - (skipped ? NOTICE_HEIGHT : 0));
  const path = geoPath(countryProjection(p.countryKey, shapes.features, p.width, mapHeight));
  const root = svgRoot(p.width, mapHeight, `${p.ariaLabel}. Use + and - to zoom, the arrow keys to pan, 0 to reset.`);
  root.classList.add('bi-country-map');
  root.setAttribute('tabindex', '0');
  root.style.cursor = 'grab';
  root.style.touchAction = 'none';
  const layer = svg('g', { class: 'bi-country-map-view' });
  const zoom = attachZoom(root, layer, p.width, mapHeight);
  const tooltip = createTooltip(body);
  for (const f of shapes.features) {
    const region = f.id === undefined ? undefined : byCode.get(f.id);
    const d = path(f);
    if (!d) continue;
    const shape = svg('path', {
      d,
      class: region ? 'bi-country-map-region' : 'bi-country-map-land',
      fill: region?.fill || p.theme.grid,
      stroke: p.theme.background,
      'stroke-width': 0.5,
      'vector-effect': 'non-scaling-stroke',
    });
    if (region) dataRegion(shape, region, p, () => zoom.wasDrag());
    layer.append(shape);
  }
  root.append(layer);
  root.addEventListener('mousemove', (event) => {
    const region = byCode.get((event.target as Element).getAttribute?.('data-region') ?? '');
    if (!region) return tooltip.hide();
    const origin = body.getBoundingClientRect();
    tooltip.show(event.clientX - origin.left, event.clientY - origin.top, region.name, [{ color: region.fill || undefined, label: p.metricName, value: p.formatValue(region.value) }]);
  });
  root.addEventListener('mouseleave', () => tooltip.hide());
  const parts: Node[] = [root];
  if (legend) parts.push(legendElement(legend, p.metricName, p.theme, 'bi-country-map-legend'));
  if (skipped) parts.push(skippedNotice(skipped, p.theme, 'bi-country-map-skipped'));
  body.replaceChildren(...parts, tooltip.element);
}

/** A region of the result: its data key, accessible name, and cross-filter toggle. */
function dataRegion(shape: SVGPathElement, r: DrawnRegion, p: CountryMapProps, wasDrag: () => boolean): void {
  shape.setAttribute('data-region', r.code);
  const label = `${r.name}: ${p.metricName} ${p.formatValue(r.value)}`;
  const column = p.onCrossFilter ? p.crossFilterColumn : null;
  if (!column) {
    shape.setAttribute('tabindex', '0');
    shape.setAttribute('role', 'img');
    shape.setAttribute('aria-label', label);
    return;
  }
  shape.setAttribute('opacity', String(crossFilterOpacity(p.crossFilterValues, r.entityValue)));
  makeCrossFilterTarget(shape, `Filter by ${label}`, isCrossFilterSelected(p.crossFilterValues, r.entityValue), (additive) => {
    if (wasDrag()) return;
    p.onCrossFilter?.(toggleCrossFilter(column, p.crossFilterValues, r.entityValue, additive));
  });
}
