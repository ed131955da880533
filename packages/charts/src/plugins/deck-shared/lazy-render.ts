/**
 * A deck plugin's render without deck.gl in its import graph: the chart instance is returned at once and
 * the drawing code (deck-family/renderers, one lazy chunk for all deck types) is imported on first draw;
 * updates and resizes made meanwhile apply to the latest props, a destroy cancels the draw, and a chunk that
 * cannot be downloaded ends the draw failed (dispatchRenderFailed).
 */
import { dispatchRenderFailed } from '../../shared/rendered-event';
import type { ChartInstance } from '../../types';
import type { DeckProps } from './types';

let renderers: Promise<typeof import('../deck-family/renderers')> | undefined;

/**
 * The render of `vizType`.
 *
 * @example
 * export const deckHexPlugin = { ..., render: lazyDeckRender<DeckCellProps>('deck_hex') };
 */
export function lazyDeckRender<P extends DeckProps>(vizType: string): (element: HTMLElement, props: P) => ChartInstance<P> {
  return (element, initial) => {
    let props = initial;
    let instance: ChartInstance<P> | undefined;
    let destroyed = false;
    renderers ??= import('../deck-family/renderers');
    renderers.then(
      ({ renderDeckChart, DECK_SPECS }) => {
        if (destroyed) return;
        instance = renderDeckChart(element, props, DECK_SPECS[vizType] as never) as ChartInstance<P>;
      },
      (error: unknown) => {
        if (destroyed) return;
        // The chunk failed (offline, a deploy replaced it): the draw ends failed, so the container shows the
        // error and its host hears of it, and the next draw tries the download again.
        renderers = undefined;
        dispatchRenderFailed(element, new Error(`The map's drawing code could not be loaded: ${error instanceof Error ? error.message : String(error)}`));
      },
    );
    return {
      update(next) {
        props = next;
        instance?.update(next);
      },
      resize(width, height) {
        props = { ...props, width, height };
        instance?.resize(width, height);
      },
      destroy() {
        destroyed = true;
        instance?.destroy();
        instance = undefined;
      },
    };
  };
}
