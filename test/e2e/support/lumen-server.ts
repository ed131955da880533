import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { REPO_ROOT } from './repo-root';

export interface LumenServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  dataDir: string;
  admin: { username: string; password: string };
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra LUMEN_* variables; they override the defaults below. */
  env?: Record<string, string>;
  /** How long to wait for /health; example generation runs before listening. */
  readyTimeoutMs?: number;
}

const CLI = join(REPO_ROOT, 'packages', 'server', 'dist', 'cli.js');

/**
 * Starts the real server (`node packages/server/dist/cli.js start`) as a child process on a free port with
 * a fresh data directory and a random admin password, and waits until /health answers OK. It builds
 * nothing: `npm test` runs scripts/ensure-built.mjs first.
 *
 * @example
 * const server = await startLumenServer();
 * await fetch(`${server.url}/health`);
 * await server.stop();
 */
export async function startLumenServer(options: StartServerOptions = {}): Promise<LumenServer> {
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} does not exist: run \`node scripts/ensure-built.mjs\` (npm test does) before the e2e tests`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-e2e-'));
  const admin = { username: 'admin', password: randomBytes(12).toString('base64url') };
  // Inherited LUMEN_* settings (a developer's own metadata URL, say) must not leak into a test server.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LUMEN_')));
  const child: ChildProcess = spawn(process.execPath, [CLI, 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      LUMEN_HOST: '127.0.0.1',
      LUMEN_PORT: String(port),
      LUMEN_DATA_DIR: dataDir,
      LUMEN_ADMIN_USERNAME: admin.username,
      LUMEN_ADMIN_PASSWORD: admin.password,
      LUMEN_EXAMPLES_EVENTS_ROWS: '20000',
      LUMEN_LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const server: LumenServer = {
    url,
    port,
    dataDir,
    admin,
    output: () => output,
    async stop() {
      if (!hasExited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (hasExited) {
      await server.stop();
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok && (await response.text()) === 'OK') return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`The server did not answer /health within the timeout:\n${output}`);
}
