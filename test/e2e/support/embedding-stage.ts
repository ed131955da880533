import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { findId, registerEmbedding, type LumenApi } from './embed-fixtures';
import { lumenAccessToken, startEmbedHost, type EmbedHost } from './embed-host';
import { startLumenServer, type LumenServer } from './lumen-server';

/** Guest tokens live 15 s (the server's minimum is 10), so a test can outlive one and see it refreshed. */
export const TOKEN_LIFETIME_S = 15;

/** What the embedding tests share: Lumen, Chromium, a host page on another origin, Sales Dashboard embedded. */
export interface EmbeddingStage {
  server: LumenServer;
  browser: Browser;
  lumen: LumenApi;
  host: EmbedHost;
  /** The Sales Dashboard, registered for embedding from the host's origin. */
  sales: { id: number; uuid: string };
  stop(): Promise<void>;
}

/** `env`: more settings of the Lumen server (a known LUMEN_SECRET_KEY lets a test sign its own tokens). */
export async function startEmbeddingStage(options: { env?: Record<string, string> } = {}): Promise<EmbeddingStage> {
  const env = { LUMEN_GUEST_TOKEN_LIFETIME: String(TOKEN_LIFETIME_S), ...options.env };
  const [server, browser] = await Promise.all([startLumenServer({ env }), launchChromium()]);
  const lumen = { url: server.url, accessToken: await lumenAccessToken(server.url, server.admin) };
  const host = await startEmbedHost(lumen);
  const salesId = await findId(lumen, 'dashboard', 'dashboard_title', 'Sales Dashboard');
  const sales = { id: salesId, uuid: await registerEmbedding(lumen, salesId, [host.origin]) };
  return {
    server,
    browser,
    lumen,
    host,
    sales,
    async stop() {
      await host.stop();
      await browser.close();
      await server.stop();
    },
  };
}
