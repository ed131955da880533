/**
 * A deck chart whose drawing code cannot be downloaded (offline, a deploy replaced the chunk) must end its
 * draw failed, with the reason, on the element the container listens to: not stay "loading" for ever.
 */
import { describe, expect, it, vi } from 'vitest';
import { RENDERED_EVENT, type RenderedEventDetail } from '../../shared/rendered-event';
import { lazyDeckRender } from './lazy-render';
import type { DeckProps } from './types';

vi.mock('../deck-family/renderers', () => {
  throw new Error('Failed to fetch dynamically imported module: /chunks/renderers.js');
});

/** The detail of the next rendered event dispatched on `element`. */
function nextDrawEnd(element: HTMLElement): Promise<RenderedEventDetail | null> {
  return new Promise((resolve) => element.addEventListener(RENDERED_EVENT, (event) => resolve((event as CustomEvent<RenderedEventDetail | null>).detail), { once: true }));
}

describe('lazyDeckRender', () => {
  it('ends the draw failed, with the download error, when the drawing chunk cannot be loaded', async () => {
    const element = document.createElement('div');
    const ended = nextDrawEnd(element);
    lazyDeckRender<DeckProps>('deck_scatter')(element, {} as DeckProps);
    const detail = await ended;
    expect(detail?.error).toBeInstanceOf(Error);
    // (vitest wraps the mocked module's throw in its own message)
    expect((detail?.error as Error).message).toMatch(/^The map's drawing code could not be loaded: \S/);
  });

  it('says nothing for a chart destroyed before the download failed', async () => {
    const element = document.createElement('div');
    const events: unknown[] = [];
    element.addEventListener(RENDERED_EVENT, (event) => events.push(event));
    lazyDeckRender<DeckProps>('deck_scatter')(element, {} as DeckProps).destroy();
    // Let the (retried) import fail.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
  });
});
