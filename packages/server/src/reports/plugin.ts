import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AddressInfo } from 'node:net';
import { executeReport, type ExecuteDeps } from './execute';
import { type LeaderLock, LocalLeaderLock, RedisLeaderLock } from './leader-lock';
import { ReportRenderer } from './render';
import { registerReportRoutes } from './routes';
import { ReportScheduler } from './scheduler';

/** The scheduler's decorations, for tests and the CLI. */
export interface ReportsRuntime {
  scheduler: ReportScheduler | null;
  deps: ExecuteDeps;
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsRuntime;
  }
}

/** Where this process listens, as a URL the local headless browser can open. */
function listeningUrl(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Scheduled reports: the execution-log and run routes, the shared headless browser (launched on first PNG
 * or PDF, closed with the app) and the scheduler (started once the server listens, when
 * config.reports.schedulerEnabled). With Redis configured, processes elect one leader through a Redis lock;
 * without it, this process leads.
 */
async function reports(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  let renderer: ReportRenderer | null = null;
  const deps: ExecuteDeps = {
    ctx,
    renderer: () => (renderer ??= new ReportRenderer(ctx.config.reports.chromiumPath, { allow: ctx.config.outboundAllowList })),
    renderUrl: () => ctx.config.reports.renderUrl ?? listeningUrl(app),
  };
  registerReportRoutes(app, (reportId) => executeReport(deps, reportId, { scheduledAt: new Date() }));

  const tickMs = ctx.config.reports.tickSeconds * 1000;
  let scheduler: ReportScheduler | null = null;
  if (ctx.config.reports.schedulerEnabled) {
    const lock: LeaderLock = ctx.config.redisUrl
      ? new RedisLeaderLock(ctx.config.redisUrl, `${ctx.config.asyncPrefix}:reports:leader`, Math.max(3 * tickMs, 10_000))
      : new LocalLeaderLock();
    scheduler = new ReportScheduler({
      ctx,
      lock,
      tickMs,
      execute: (reportId, slot) => executeReport(deps, reportId, { scheduledAt: slot }),
    });
  }
  app.decorate('reports', { scheduler, deps });
  // Started when the server listens: `lumen worker` and inject-only tests build the app without listening,
  // and never schedule reports.
  app.addHook('onListen', async () => {
    scheduler?.start();
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await renderer?.close();
  });
}

/** Not encapsulated, so `app.reports` is reachable from the root instance (tests, CLI). */
export const registerReports = fp(reports, { name: 'lumen-reports', dependencies: ['lumen-security'] });
