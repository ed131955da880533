#!/usr/bin/env node
import { ConfigError, loadConfig } from './config';
import { prepareServer } from './server';
import { closeAllConnections } from './engines';
import { ensureExamples } from './examples';
import { startWorker } from './worker/worker';
import { rotateSecretKeyCommand } from './security/rotate-secret-key';

const USAGE = `Usage: lumen <command>

Commands:
  start           migrate the metadata store, create the first admin and the examples, then serve
  init            migrate the metadata store and create the first admin, then exit
  load-examples   (re)create the examples DuckDB database and register its datasets, then exit
  worker          run async queries from the Redis queue (needs LUMEN_REDIS_URL; concurrency from
                  LUMEN_WORKER_CONCURRENCY, default 2)
  rotate-secret-key [--previous-key-file <path>]
                  re-encrypt stored database passwords and SSH tunnel secrets from the previous secret
                  key (the file, or LUMEN_PREVIOUS_SECRET_KEY) to the current one, in one transaction
  help            show this help

Configuration comes from LUMEN_* environment variables and an optional LUMEN_CONFIG file
(see docs/configuration.md).`;

function printCredentials(credentials: { username: string; password: string; generated: boolean }): void {
  const lines = [
    'An admin account was created. Sign in with:',
    `  username: ${credentials.username}`,
    credentials.generated ? `  password: ${credentials.password}` : '  password: (the LUMEN_ADMIN_PASSWORD you set)',
    credentials.generated ? 'This password is shown only once: keep it.' : '',
  ].filter(Boolean);
  // Printed to stdout directly (not the structured log) so the password never lands in log storage.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

async function start(command: 'start' | 'init' | 'load-examples'): Promise<void> {
  const config = loadConfig(process.env);
  const started = Date.now();
  const server = await prepareServer(config);
  const { app, store, adminCredentials } = server;
  if (adminCredentials) printCredentials(adminCredentials);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // app.close() cancels in-flight queries first (preClose hooks); anything still hanging after the grace
    // period (a driver that ignores the cancel) must not keep the process alive.
    const force = setTimeout(() => process.exit(1), server.config.shutdownGraceSeconds * 1000);
    force.unref();
    try {
      await app.close();
      await closeAllConnections();
      await store.close();
    } finally {
      process.exit(0);
    }
  };
  if (command === 'init') {
    await app.close();
    await store.close();
    return;
  }
  if (config.loadExamples || command === 'load-examples') {
    const examples = await ensureExamples(app.lumen, { force: command === 'load-examples' });
    app.log.info({ created: examples.created, seconds: examples.seconds }, examples.created ? 'examples created' : 'examples up to date');
  }
  if (command === 'load-examples') {
    await app.close();
    await closeAllConnections();
    await store.close();
    return;
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: server.config.host, port: server.config.port });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const port = (app.server.address() as { port: number }).port;
  process.stdout.write(`Lumen is ready in ${seconds}s on http://localhost:${port}\n`);
}

/** `lumen worker`: runs until SIGINT/SIGTERM, then lets running jobs finish for a few seconds. */
async function worker(): Promise<void> {
  const config = loadConfig(process.env);
  const running = await startWorker(config);
  const stop = async (signal: string) => {
    running.app.log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await running.close();
      await closeAllConnections();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.stdout.write(`Lumen worker ready (concurrency ${config.workerConcurrency})\n`);
}

async function main(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'start';
  switch (command) {
    case 'start':
    case 'init':
    case 'load-examples':
      return start(command);
    case 'worker':
      return worker();
    case 'rotate-secret-key':
      process.exitCode = await rotateSecretKeyCommand(argv.slice(1), process.env);
      return;
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      process.stderr.write(`Unknown command: ${command}\n\n${USAGE}\n`);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`Configuration error: ${error.message}\n`);
  else process.stderr.write(`Lumen failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
