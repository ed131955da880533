import type { DataMaskStateWithId, ObservedDataMask } from '@lumen-bi/core';
import type { AutoHeightHandle } from './auto-height';
import { EmbedError, toEmbedError } from './embed-error';
import { watchEmbedVerdict } from './embed-verdict';
import { HostChannelConnection } from './host-channel';
import { createEmbedIframe, targetOriginOf } from './iframe';
import { startGuestTokenRefresh } from './token-refresh';
import type { EmbedBaseOptions, EmbeddedDashboard } from './types';

const FILTER_CODES: readonly string[] = ['UNKNOWN_FILTER', 'AMBIGUOUS_FILTER', 'INVALID_FILTER_VALUE', 'NOT_READY'];

/**
 * What embedDashboard and embedChart share: validate the options, mount the sandboxed iframe, open the
 * channel on load, keep the guest token fresh, and expose the typed calls.
 */
export async function mountEmbed(options: EmbedBaseOptions, src: string, defaultTitle: string, embeddedUuid?: string): Promise<EmbeddedDashboard> {
  if (!options.mountPoint || typeof options.mountPoint.replaceChildren !== 'function') {
    throw new EmbedError('INVALID_OPTIONS', 'mountPoint must be an HTML element');
  }
  if (typeof options.fetchGuestToken !== 'function') throw new EmbedError('INVALID_OPTIONS', 'fetchGuestToken must be a function returning a Promise of the token');
  const targetOrigin = targetOriginOf(options.domain);
  const log = (...args: unknown[]) => {
    if (options.debug) console.debug('[lumen-embed]', ...args);
  };
  const reportError =
    options.onError ??
    ((error: EmbedError) => {
      console.error('[lumen-embed]', error);
    });

  let dataMaskObserver: ((dataMask: ObservedDataMask) => void) | null = null;
  // Failures before the guest is ready reject the returned promise (and reach onError); later ones only onError.
  const verdict = watchEmbedVerdict({ domain: targetOrigin, embeddedUuid, connectTimeoutMs: options.connectTimeoutMs, onLateFailure: reportError });
  const doc = options.mountPoint.ownerDocument;
  const iframe = createEmbedIframe(src, options, doc, defaultTitle);
  const channel = new HostChannelConnection(iframe, {
    targetOrigin,
    debug: options.debug,
    handlers: {
      resolvePermalinkUrl: async (args) => (options.resolvePermalinkUrl ? options.resolvePermalinkUrl(args) : null),
      observeDataMask: (dataMask) => dataMaskObserver?.(dataMask),
      embedStatus: (status) => verdict.onStatus(status),
    },
  });
  iframe.addEventListener('load', () => verdict.armConnectTimeout(), { once: true });
  log('mounting', src);
  options.mountPoint.replaceChildren(iframe);

  const refresh = startGuestTokenRefresh({
    fetchGuestToken: options.fetchGuestToken,
    fetchTimeoutMs: options.guestTokenFetchTimeoutMs,
    debug: options.debug,
    onToken: (guestToken) => {
      log('guest token received');
      channel.setSticky('guestToken', { guestToken });
    },
    onError: (error) => verdict.fail(error),
  });

  let autoHeight: AutoHeightHandle | null = null;
  let unmounted = false;
  const unmount = () => {
    if (unmounted) return;
    unmounted = true;
    verdict.stop();
    refresh.stop();
    autoHeight?.stop();
    channel.close();
    iframe.remove();
    options.signal?.removeEventListener('abort', unmount);
    log('unmounted');
  };

  if (options.signal?.aborted) unmount();
  options.signal?.addEventListener('abort', unmount, { once: true });
  try {
    await channel.ready;
  } catch (error) {
    unmount();
    throw toEmbedError(error, 'UNMOUNTED', 'Embedding did not complete');
  }
  try {
    await verdict.settled;
  } catch (error) {
    const failure = toEmbedError(error, 'CHANNEL_ERROR', 'Embedding failed');
    if (failure.code === 'UNMOUNTED') throw failure;
    // The iframe stays: it shows the guest page's error panel. A page that never ran (server down, framing
    // refused) leaves the browser's own error page there, which the host replaces with a panel naming the cause.
    refresh.stop();
    // The panel's code is loaded only for a failure (it stays out of the 5 KB first load).
    if (verdict.guestNeverRan) await import('./unreachable-panel').then(({ showUnreachablePanel }) => showUnreachablePanel(options.mountPoint, failure), () => undefined);
    reportError(failure);
    throw failure;
  }

  const sizing = options.autoHeight;
  if (sizing) {
    // Opt-in, so loaded only by the hosts that ask for it (embedDashboard's 5 KB first load).
    void import('./auto-height').then(({ startAutoHeight }) => {
      if (!unmounted) autoHeight = startAutoHeight(iframe, () => channel.get('getScrollSize'), sizing === true ? {} : sizing);
    }, (error: unknown) => reportError(toEmbedError(error, 'NETWORK', 'Could not load autoHeight')));
  }

  const call = async <T>(run: () => Promise<T>, what: string): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const wrapped = toEmbedError(error, 'CHANNEL_ERROR', `${what} failed`);
      log(wrapped);
      throw wrapped;
    }
  };

  return {
    iframe,
    unmount,
    getScrollSize: () => call(() => channel.get('getScrollSize'), 'getScrollSize'),
    getDashboardPermalink: (anchor: string) => call(() => channel.get('getDashboardPermalink', { anchor }), 'getDashboardPermalink'),
    getActiveTabs: () => call(() => channel.get('getActiveTabs'), 'getActiveTabs'),
    getDataMask: () => call(() => channel.get('getDataMask'), 'getDataMask'),
    setDataMask: (dataMask: DataMaskStateWithId) => call(() => channel.get('setDataMask', { dataMask }), 'setDataMask'),
    setFilter: async (name, values) => {
      const result = await call(() => channel.get('setFilter', { name, values }), 'setFilter');
      if (result?.ok) return;
      // The guest's refusal: its code, the message naming the filter, the known filters (checked, not trusted).
      const code = result && FILTER_CODES.includes(result.code) ? result.code : 'CHANNEL_ERROR';
      const names = (list: unknown) => (Array.isArray(list) ? list.map(String) : []);
      throw Object.assign(new EmbedError(code, String(result?.message ?? 'setFilter failed')), { unknownFilters: names(result?.unknownFilters), knownFilters: names(result?.knownFilters) });
    },
    observeDataMask: (callback) => {
      dataMaskObserver = callback;
    },
    getChartStates: () => call(() => channel.get('getChartStates'), 'getChartStates'),
    getChartDataPayloads: (params) => call(() => channel.get('getChartDataPayloads', params), 'getChartDataPayloads'),
    setThemeConfig: (themeConfig) => channel.setSticky('setThemeConfig', { themeConfig }),
    setThemeMode: (mode) => channel.setSticky('setThemeMode', { mode }),
  };
}
