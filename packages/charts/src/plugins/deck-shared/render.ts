/**
 * The render of every deck.gl chart: one Deck on one canvas (the chart's accessible image, named by its
 * summary), the offline base map under the chart's layers (or, when the deployment configures a MapLibre
 * style URL, that style in a MapLibre canvas under the deck canvas, falling back to the offline map with a
 * notice when the style cannot be loaded), the opening view (saved viewport or fitted to
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
import { loadOfflineBaseMap, type BaseMapColors, type BaseMapView, type OfflineBaseMap } from './base-map';
import { toRgba } from './colors';
import { initialView } from './fit-view';
import type { StyleBaseMap } from './style-base-map';
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
  let dom: { canvas: HTMLCanvasElement; baseCanvas: HTMLCanvasElement; stage: HTMLElement; notice: HTMLElement; tooltip: Tooltip } | undefined;
  /** The offline map while it is the one shown (no configured style drawn), its colours and size, the view. */
  let offline: { map: OfflineBaseMap; colors: BaseMapColors; width: number; height: number } | undefined;
  let view: BaseMapView | undefined;
  let current: P | undefined;
  let pendingRendered: (() => void) | undefined;
  let viewKey = '';
  /** The configured style's map once loaded, the style that failed (drawn offline since), the load in flight. */
  let styleMap: { url: string; base: StyleBaseMap; container: HTMLElement } | undefined;
  let styleFailure: { url: string; message: string } | undefined;
  let styleLoading: { url: string; done: Promise<boolean> } | undefined;

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
        releaseStyle();
      }
      dom ??= createDom(body);
      const noticeLines = p.skippedMessages.length + (p.mapStyleUrl ? 1 : 0);
      const mapHeight = Math.max(40, p.height - noticeLines * NOTICE_HEIGHT);
      dom.canvas.setAttribute('aria-label', p.ariaLabel);
      Object.assign(dom.canvas.style, { width: `${p.width}px`, height: `${mapHeight}px` });
      Object.assign(dom.stage.style, { width: `${p.width}px`, height: `${mapHeight}px` });
      renderNotice(p);
      Object.assign(dom.notice.style, { color: p.theme.mutedText });
      const colors = baseMapColors(body, p);
      const drawOffline = () =>
        loadOfflineBaseMap().then(
          (map) => {
            if (current !== p) return;
            offline = { map, colors, width: p.width, height: mapHeight };
            show(p, () => spec.layers(p), mapHeight);
          },
          // Without the outlines (their chunk failed to load) the data still draws, on a blank ground.
          () => show(p, () => spec.layers(p), mapHeight),
        );
      if (!p.mapStyleUrl) {
        releaseStyle();
        void drawOffline();
        return;
      }
      void styleBaseMap(p, p.mapStyleUrl, mapHeight).then((loaded) => {
        if (current !== p) return;
        renderNotice(p);
        if (!loaded) return void drawOffline();
        hideOffline();
        show(p, () => spec.layers(p), mapHeight);
      });
    },
    destroy() {
      current = undefined;
      pendingRendered = undefined;
      releaseDeck(deck);
      deck = undefined;
      releaseStyle();
    },
  });

  /**
   * The configured style under the deck canvas, sized to the map: true once drawn, false when it cannot be
   * loaded (the chunk, the style's fetch or JSON, or no answer in time), which is remembered for that URL.
   */
  function styleBaseMap(p: P, url: string, mapHeight: number): Promise<boolean> {
    if (styleMap && styleMap.url !== url) releaseStyle();
    if (styleMap) {
      Object.assign(styleMap.container.style, { width: `${p.width}px`, height: `${mapHeight}px` });
      styleMap.base.resize(p.width, mapHeight);
      return Promise.resolve(true);
    }
    if (styleFailure?.url === url) return Promise.resolve(false);
    if (styleLoading?.url === url) return styleLoading.done;
    const container = h('div', { class: 'bi-deck-style-map', 'aria-hidden': 'true', style: `position:absolute;left:0;top:0;width:${p.width}px;height:${mapHeight}px;overflow:hidden` });
    dom?.canvas.before(container);
    const loading = { url, done: Promise.resolve(false) };
    loading.done = import('./style-base-map')
      .then(({ loadStyleBaseMap }) => loadStyleBaseMap(container, url, initialView(p.viewport, p.fitBounds, p.width, mapHeight)))
      .then(
        (base) => {
          if (styleLoading !== loading) {
            base.remove();
            return false;
          }
          styleLoading = undefined;
          styleMap = { url, base, container };
          return true;
        },
        (error: unknown) => {
          container.remove();
          if (styleLoading === loading) {
            styleLoading = undefined;
            styleFailure = { url, message: error instanceof Error ? error.message : String(error) };
          }
          return false;
        },
      );
    styleLoading = loading;
    return loading.done;
  }

  function releaseStyle(): void {
    styleMap?.base.remove();
    styleMap?.container.remove();
    styleMap = undefined;
    styleLoading = undefined;
    styleFailure = undefined;
  }

  /** The skipped rows' lines, and with a configured style its attribution or why the offline map shows instead. */
  function renderNotice(p: P): void {
    if (!dom) return;
    const lines = p.skippedMessages.map((m) => h('div', { style: `height:${NOTICE_HEIGHT}px` }, [m]));
    if (p.mapStyleUrl && styleFailure?.url === p.mapStyleUrl) {
      lines.push(h('div', { class: 'bi-deck-base-map-notice', style: `height:${NOTICE_HEIGHT}px` }, [`Base map style could not be loaded (${styleFailure.message}): showing the offline map.`]));
    } else if (p.mapStyleUrl && styleMap?.url === p.mapStyleUrl) {
      lines.push(h('div', { class: 'bi-deck-attribution', style: `height:${NOTICE_HEIGHT}px` }, [styleMap.base.attribution]));
    }
    dom.notice.replaceChildren(...lines);
  }

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
        onViewStateChange: ({ viewState }) => {
          styleMap?.base.setView(viewState as never);
          paintOffline(viewState as BaseMapView);
          dispatchDeckView(canvas, viewState as Record<string, unknown>);
        },
      });
      styleMap?.base.setView(view);
      paintOffline(view);
      dispatchDeckView(canvas, view as unknown as Record<string, unknown>);
    } else {
      // A new saved viewport (or new data with autozoom) moves the map; a redraw with the same keeps the user's pan.
      deck.setProps({ width: p.width, height: mapHeight, layers, ...(key !== viewKey ? { initialViewState: view } : {}) });
      if (key !== viewKey) {
        styleMap?.base.setView(view);
        dispatchDeckView(canvas, view as unknown as Record<string, unknown>);
      }
      paintOffline(key !== viewKey ? view : undefined);
      deck.redraw('lumen update');
    }
    viewKey = key;
  }

  /** Paints the offline map in `next` (or the view it shows now, after a resize or a theme change). */
  function paintOffline(next: BaseMapView | undefined): void {
    view = next ?? view;
    if (offline && dom && view) offline.map.paint(dom.baseCanvas, view, offline.width, offline.height, offline.colors);
  }

  /** A configured style is drawn instead: the offline map goes blank until it is the fallback again. */
  function hideOffline(): void {
    offline = undefined;
    dom?.baseCanvas.getContext('2d')?.clearRect(0, 0, dom.baseCanvas.width, dom.baseCanvas.height);
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
  // Relative so it stacks above a configured style's map (positioned under it, in the same stage).
  const canvas = h('canvas', { role: 'img', tabindex: '0', class: 'bi-deck-canvas', style: 'display:block;position:relative;touch-action:none' }) as HTMLCanvasElement;
  // The stage holds the map's height, so the notice lines always flow under the map, whatever positions the canvases.
  // The offline base map, painted in 2D under the deck canvas (base-map.ts); a configured style's map goes between.
  const baseCanvas = h('canvas', { class: 'bi-deck-base-map', 'aria-hidden': 'true', style: 'position:absolute;left:0;top:0;pointer-events:none' }) as HTMLCanvasElement;
  const stage = h('div', { class: 'bi-deck-stage', style: 'position:relative;overflow:hidden' }, [baseCanvas, canvas]);
  const notice = h('div', { class: 'bi-deck-skipped', role: 'status', style: 'font-size:11px' });
  body.style.position = 'relative';
  const tooltip = createTooltip(body);
  body.replaceChildren(stage, notice, tooltip.element);
  return { canvas, baseCanvas, stage, notice, tooltip };
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
