/**
 * The render of every deck.gl chart: one Deck on one canvas (the chart's accessible image, named by its
 * summary), the offline base map under the chart's layers, the opening view (saved viewport or fitted to
 * the data), hover tooltips in the chart's own tooltip, cross filters on click, the skipped-rows notice,
 * and on destroy the Deck finalized and its WebGL context released (a dashboard of many maps would
 * otherwise run out of contexts).
 */
import { Deck, type LayersList, type PickingInfo } from '@deck.gl/core';
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { dispatchRenderFailed } from '../../shared/rendered-event';
import { resolveThemeColors } from '../../shared/theme-colors';
import { createTooltip, type Tooltip } from '../../shared/tooltip';
import type { ChartInstance, CrossFilterSelection } from '../../types';
import { baseMapLayer, type BaseMapColors } from './base-map';
import { toRgba } from './colors';
import { initialView } from './fit-view';
import type { DeckPick, DeckProps, DeckTooltip } from './types';
import { dispatchDeckView } from './view-event';

const NOTICE_HEIGHT = 18;

/** What a deck chart type adds to the shared render. */
export interface DeckChartSpec<P extends DeckProps> {
  /** The chart's layers (drawn above the base map). */
  layers(props: P): LayersList;
  /** The tooltip of a hovered object, or null for none. */
  tooltip?(props: P, pick: DeckPick): DeckTooltip | null;
  /** The cross filter a click on an object emits (only called when the host enables cross filters). */
  crossFilter?(props: P, pick: DeckPick): CrossFilterSelection | null;
}

/**
 * Mounts a deck.gl chart.
 *
 * @example
 * export const renderDeckScatter = (el: HTMLElement, p: DeckScatterProps) => renderDeckChart(el, p, scatterSpec);
 */
export function renderDeckChart<P extends DeckProps>(element: HTMLElement, props: P, spec: DeckChartSpec<P>): ChartInstance<P> {
  let deck: Deck | undefined;
  let dom: { canvas: HTMLCanvasElement; notice: HTMLElement; tooltip: Tooltip } | undefined;
  let current: P | undefined;
  let pendingRendered: (() => void) | undefined;
  let viewKey = '';

  const settle = () => {
    const done = pendingRendered;
    pendingRendered = undefined;
    done?.();
  };
  const pick = (info: PickingInfo): DeckPick => ({ object: info.object, index: info.index, layerId: info.layer?.id ?? '' });

  return mountChart(element, props, {
    asyncRendered: true,
    redrawOnThemeChange: true,
    draw(body, p, _previous, rendered) {
      current = p;
      pendingRendered = rendered;
      if (dom && !dom.canvas.isConnected) {
        // The shell replaced the body (the empty state or the row gate was shown): start over on a new canvas.
        releaseDeck(deck);
        deck = undefined;
        dom = undefined;
      }
      dom ??= createDom(body);
      const mapHeight = Math.max(40, p.height - p.skippedMessages.length * NOTICE_HEIGHT);
      dom.canvas.setAttribute('aria-label', p.ariaLabel);
      Object.assign(dom.canvas.style, { width: `${p.width}px`, height: `${mapHeight}px` });
      dom.notice.replaceChildren(...p.skippedMessages.map((m) => h('div', { style: `height:${NOTICE_HEIGHT}px` }, [m])));
      Object.assign(dom.notice.style, { color: p.theme.mutedText });
      const colors = baseMapColors(body, p);
      baseMapLayer(colors).then(
        (base) => show(p, () => [base, ...spec.layers(p)], mapHeight),
        // Without the outlines (their chunk failed to load) the data still draws, on a blank ground.
        () => show(p, () => spec.layers(p), mapHeight),
      );
    },
    destroy() {
      current = undefined;
      pendingRendered = undefined;
      releaseDeck(deck);
      deck = undefined;
    },
  });

  /** Draws `p`; a throw (the layers' props, a Deck WebGL refuses) ends the draw failed instead of never. */
  function show(p: P, layersOf: () => LayersList, mapHeight: number): void {
    if (current !== p || !dom) return;
    try {
      drawDeck(p, dom.canvas, layersOf(), mapHeight);
    } catch (error) {
      fail(error);
    }
  }

  function drawDeck(p: P, canvas: HTMLCanvasElement, layers: LayersList, mapHeight: number): void {
    const view = initialView(p.viewport, p.fitBounds, p.width, mapHeight);
    const key = JSON.stringify([p.viewport, p.fitBounds]);
    if (!deck) {
      deck = new Deck({
        canvas,
        width: p.width,
        height: mapHeight,
        initialViewState: view,
        controller: true,
        layers,
        onAfterRender: settle,
        onError: (error) => showError(error),
        onHover: (info) => hover(info),
        onClick: (info) => click(info),
        getCursor: ({ isDragging, isHovering }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab'),
        // Explore's viewport control offers the view the user has panned to.
        onViewStateChange: ({ viewState }) => dispatchDeckView(canvas, viewState as Record<string, unknown>),
      });
      dispatchDeckView(canvas, view as unknown as Record<string, unknown>);
    } else {
      // A new saved viewport (or new data with autozoom) moves the map; a redraw with the same keeps the user's pan.
      deck.setProps({ width: p.width, height: mapHeight, layers, ...(key !== viewKey ? { initialViewState: view } : {}) });
      if (key !== viewKey) dispatchDeckView(canvas, view as unknown as Record<string, unknown>);
      deck.redraw('lumen update');
    }
    viewKey = key;
  }

  function hover(info: PickingInfo): void {
    const p = current;
    if (!p || !dom) return;
    const tip = info.object !== undefined && info.object !== null ? spec.tooltip?.(p, pick(info)) : null;
    if (tip) dom.tooltip.show(info.x, info.y, tip.title, tip.lines);
    else dom.tooltip.hide();
  }

  function click(info: PickingInfo): void {
    const p = current;
    if (!p?.onCrossFilter || !spec.crossFilter || info.object === undefined || info.object === null) return;
    p.onCrossFilter(spec.crossFilter(p, pick(info)));
  }

  function showError(error: Error): void {
    if (!dom) return;
    dom.notice.prepend(h('div', { class: 'bi-error', role: 'alert' }, [`The map could not be drawn: ${error.message}`]));
    // A draw still waiting for its frame ends failed (the container shows it, its host is told); an error in
    // a later frame leaves the drawn map with the notice.
    if (pendingRendered) fail(error);
  }

  function fail(error: unknown): void {
    pendingRendered = undefined;
    dispatchRenderFailed(element, error);
  }
}

/** The canvas (an image named by the chart's summary), the notice lines under it and the tooltip. */
function createDom(body: HTMLElement) {
  const canvas = h('canvas', { role: 'img', tabindex: '0', class: 'bi-deck-canvas', style: 'display:block;touch-action:none' }) as HTMLCanvasElement;
  const notice = h('div', { class: 'bi-deck-skipped', role: 'status', style: 'font-size:11px' });
  body.style.position = 'relative';
  const tooltip = createTooltip(body);
  body.replaceChildren(canvas, notice, tooltip.element);
  return { canvas, notice, tooltip };
}

/** Land a shade of the grid colour, borders the muted text colour: the base map follows the page's theme. */
function baseMapColors(body: HTMLElement, p: DeckProps): BaseMapColors {
  const theme = resolveThemeColors(body, p.theme);
  const land = toRgba(theme.grid, [224, 224, 224, 255]);
  const border = toRgba(theme.mutedText, [102, 102, 102, 255]);
  return { land: [land[0], land[1], land[2], 110], border: [border[0], border[1], border[2], 120] };
}

/** Finalizes the Deck and gives its WebGL context back to the browser (they are few per page). */
function releaseDeck(deck: Deck | undefined): void {
  if (!deck) return;
  // The device deck created is not freed by finalize (deck may share it): the chart owns it, so frees it.
  const device = (deck as unknown as { device?: { destroy(): void } }).device;
  const canvas = deck.getCanvas();
  deck.finalize();
  device?.destroy();
  const gl = canvas?.getContext('webgl2') ?? null;
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
}
