/**
 * The deployment's drawing settings (GET /api/v1/client_config/: today the deck charts' MapLibre style URL,
 * the server's LUMEN_MAP_STYLE_URL), read once per API client and only by the charts that use them (the
 * deck.gl types), for signed-in users and guests alike. The URL never comes from form data.
 */
import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';

export interface ClientConfig {
  map_style_url: string | null;
}

const NONE: ClientConfig = { map_style_url: null };
const cache = new WeakMap<ApiClient, Promise<ClientConfig>>();

/** Whether a viz type draws a base map (the deck.gl family): only those ask for the client config. */
export const usesMapStyle = (vizType: unknown): boolean => typeof vizType === 'string' && vizType.startsWith('deck_');

/**
 * The server's client config; a server that cannot answer (an older one, a refused guest) means none: the
 * offline base map.
 *
 * @example
 * const { map_style_url } = await loadClientConfig(api);
 */
export function loadClientConfig(api: ApiClient): Promise<ClientConfig> {
  let found = cache.get(api);
  if (!found) {
    found = api.get<{ result?: Partial<ClientConfig> }>('/api/v1/client_config/').then(
      ({ json }) => {
        const url = json?.result?.map_style_url;
        return { map_style_url: typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null };
      },
      () => {
        cache.delete(api);
        return NONE;
      },
    );
    cache.set(api, found);
  }
  return found;
}

/**
 * The map style URL a chart of `vizType` draws with: undefined while it is being read, null for none (and
 * always null for a type without a base map, without a request).
 *
 * @example
 * const mapStyleUrl = useMapStyleUrl(api, formData.viz_type);
 */
export function useMapStyleUrl(api: ApiClient | undefined, vizType: unknown): string | null | undefined {
  const wanted = Boolean(api) && usesMapStyle(vizType);
  const [value, setValue] = useState<{ api?: ApiClient; url: string | null } | null>(null);
  useEffect(() => {
    if (!wanted || !api) return;
    let live = true;
    void loadClientConfig(api).then((config) => {
      if (live) setValue({ api, url: config.map_style_url });
    });
    return () => {
      live = false;
    };
  }, [api, wanted]);
  if (!wanted) return null;
  return value && value.api === api ? value.url : undefined;
}
