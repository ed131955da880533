/**
 * A configured map style (LUMEN_MAP_STYLE_URL) that cannot be loaded must not leave a blank map or a chart
 * that never reports rendered: the chart draws on the offline base map and says why under the map. Deck,
 * the offline outlines and MapLibre are stand-ins here (happy-dom has no WebGL); test/e2e/deck-map-style
 * draws the real ones in Chromium.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_EVENT, type RenderedEventDetail } from '../../shared/rendered-event';
import { DEFAULT_CHART_THEME } from '../../types';
import { renderDeckChart } from './render';
import type { DeckProps } from './types';

const decks: Array<{ props: Record<string, unknown> }> = [];
const styleLoads: string[] = [];
let styleOutcome: () => Promise<unknown> = () => Promise.reject(new Error('Failed to fetch'));

vi.mock('@deck.gl/core', () => ({
  Deck: class {
    props: Record<string, unknown>;
    constructor(props: Record<string, unknown>) {
      this.props = props;
      decks.push(this);
      // The first frame is drawn a tick later, as deck.gl does.
      setTimeout(() => (this.props.onAfterRender as () => void)(), 0);
    }
    setProps(next: Record<string, unknown>) {
      Object.assign(this.props, next);
    }
    redraw() {
      setTimeout(() => (this.props.onAfterRender as () => void)(), 0);
    }
    getCanvas() {
      return null;
    }
    finalize() {}
  },
}));
/** Each paint of the offline map: the view it was painted in. */
const offlinePaints: unknown[] = [];
vi.mock('./base-map', () => ({ loadOfflineBaseMap: async () => ({ paint: (_canvas: HTMLCanvasElement, view: unknown) => offlinePaints.push(view) }) }));
vi.mock('./style-base-map', () => ({
  loadStyleBaseMap: (_container: HTMLElement, url: string) => {
    styleLoads.push(url);
    return styleOutcome();
  },
}));

afterEach(() => {
  document.body.replaceChildren();
  decks.length = 0;
  styleLoads.length = 0;
  offlinePaints.length = 0;
});

const props = (mapStyleUrl: string | null): DeckProps => ({
  width: 400,
  height: 300,
  theme: DEFAULT_CHART_THEME,
  gate: { rowcount: 3, rowState: 'ok', blocked: false } as DeckProps['gate'],
  ariaLabel: 'Scatter of 3 points',
  viewport: { longitude: 0, latitude: 0, zoom: 1, pitch: 0, bearing: 0 },
  fitBounds: null,
  skippedMessages: [],
  mapStyleUrl,
});

const spec = { layers: () => [{ id: 'points' }] as never };

function drawEnd(element: HTMLElement): Promise<RenderedEventDetail | null> {
  return new Promise((resolve) => element.addEventListener(RENDERED_EVENT, (event) => resolve((event as CustomEvent<RenderedEventDetail | null>).detail), { once: true }));
}

const layerIds = () => ((decks[0]?.props.layers as Array<{ id: string }>) ?? []).map((l) => l.id);

describe('a deck chart with a configured map style', () => {
  it('falls back to the offline base map with a notice when the style cannot be loaded, and reports rendered', async () => {
    styleOutcome = () => Promise.reject(new Error('Failed to fetch'));
    const element = document.body.appendChild(document.createElement('div'));
    const ended = drawEnd(element);
    const chart = renderDeckChart(element, props('https://tiles.example.com/style.json'), spec);
    expect(await ended).toBeNull();
    expect(styleLoads).toEqual(['https://tiles.example.com/style.json']);
    expect(layerIds()).toEqual(['points']);
    expect(offlinePaints).toEqual([{ longitude: 0, latitude: 0, zoom: 1, pitch: 0, bearing: 0 }]);
    const notice = element.querySelector('.bi-deck-base-map-notice');
    expect(notice?.textContent).toBe('Base map style could not be loaded (Failed to fetch): showing the offline map.');
    // The style map's container is gone: nothing blank is left over the offline map.
    expect(element.querySelector('.bi-deck-style-map')).toBeNull();

    // A redraw (new size) does not fetch the broken style again and keeps the notice.
    const again = drawEnd(element);
    chart.resize(500, 320);
    expect(await again).toBeNull();
    expect(styleLoads.length).toBe(1);
    expect(element.querySelector('.bi-deck-base-map-notice')).not.toBeNull();
    chart.destroy();
  });

  it('draws the layers over the style, without the offline outlines, and shows its attribution', async () => {
    const base = { setView: vi.fn(), resize: vi.fn(), remove: vi.fn(), attribution: '© Test tiles' };
    styleOutcome = () => Promise.resolve(base);
    const element = document.body.appendChild(document.createElement('div'));
    const ended = drawEnd(element);
    const chart = renderDeckChart(element, props('https://tiles.example.com/style.json'), spec);
    expect(await ended).toBeNull();
    expect(layerIds()).toEqual(['points']);
    expect(offlinePaints).toEqual([]);
    expect(element.querySelector('.bi-deck-style-map')).not.toBeNull();
    expect(element.querySelector('.bi-deck-attribution')?.textContent).toBe('© Test tiles');
    // The map follows the deck's view.
    (decks[0].props.onViewStateChange as (e: unknown) => void)({ viewState: { longitude: 5, latitude: 6, zoom: 3 } });
    expect(base.setView).toHaveBeenLastCalledWith({ longitude: 5, latitude: 6, zoom: 3 });
    chart.destroy();
    expect(base.remove).toHaveBeenCalled();
  });

  it('never loads MapLibre without a configured style', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    const ended = drawEnd(element);
    const chart = renderDeckChart(element, props(null), spec);
    expect(await ended).toBeNull();
    expect(styleLoads).toEqual([]);
    expect(layerIds()).toEqual(['points']);
    // The offline map is painted under the deck canvas, and again in each view the user pans to.
    expect(element.querySelector('.bi-deck-base-map + canvas.bi-deck-canvas')).not.toBeNull();
    expect(offlinePaints.length).toBe(1);
    (decks[0].props.onViewStateChange as (e: unknown) => void)({ viewState: { longitude: 5, latitude: 6, zoom: 3 } });
    expect(offlinePaints.at(-1)).toEqual({ longitude: 5, latitude: 6, zoom: 3 });
    expect(element.querySelector('.bi-deck-base-map-notice, .bi-deck-attribution')).toBeNull();
    chart.destroy();
  });
});
