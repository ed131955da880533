/**
 * The three embedding examples (examples/iframe-host, examples/web-components, examples/react), each started
 * with the one command of its README against a Lumen test server, opened in Chromium on its own origin
 * (http://127.0.0.1:EXAMPLE_PORT; Lumen answers on http://127.0.0.1:LUMEN_PORT) and checked to render the
 * example dashboard (and, for web-components, the chart) with guest tokens from the example's backend.
 *
 * The command is read from the README's ```sh block, so a README that drifts from what works fails here.
 * One Lumen server is shared by the three examples; they register their origins on the same dashboard.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsRendered } from './support/charts-rendered';
import { launchChromium } from './support/chromium';
import { freePort } from './support/free-port';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { REPO_ROOT } from './support/repo-root';

const RENDER_TIMEOUT = 90_000;
const TEST_TIMEOUT = 180_000;
/** The settings every example's README documents; the test passes them through the environment. */
const DOCUMENTED_SETTINGS = ['LUMEN_URL', 'LUMEN_USERNAME', 'LUMEN_PASSWORD', 'PORT'];

type ExampleName = 'iframe-host' | 'web-components' | 'react';

interface RunningExample {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The README's one command (the only line of its ```sh block), split into the environment assignments a
 * reader fills in and the program to run.
 */
function readmeCommand(name: ExampleName): { assignments: string[]; argv: string[] } {
  const readme = readFileSync(join(REPO_ROOT, 'examples', name, 'README.md'), 'utf8');
  for (const setting of DOCUMENTED_SETTINGS) {
    if (!readme.includes(`\`${setting}\``) && !readme.includes(`${setting}=`)) throw new Error(`examples/${name}/README.md does not document ${setting}`);
  }
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1].trim());
  if (blocks.length !== 1 || blocks[0].includes('\n')) throw new Error(`examples/${name}/README.md must have one \`\`\`sh block with one command, found ${JSON.stringify(blocks)}`);
  const words = blocks[0].match(/(?:[^\s']+|'[^']*')+/g) ?? [];
  const assignments: string[] = [];
  for (let word = words[0]; word !== undefined && /^[A-Z_]+=/.test(word); word = words[0]) assignments.push(words.shift()!.split('=')[0]);
  return { assignments, argv: words };
}

/** Starts an example as its README says, with the settings pointing at the test server. */
async function startExample(name: ExampleName, server: LumenServer): Promise<RunningExample> {
  const { assignments, argv } = readmeCommand(name);
  expect(argv[0]).toBe('node');
  const port = await freePort();
  // A developer's own LUMEN_* settings must not reach the example.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('LUMEN_') && key !== 'PORT'));
  const settings: Record<string, string> = { LUMEN_URL: server.url, LUMEN_USERNAME: server.admin.username, LUMEN_PASSWORD: server.admin.password, PORT: String(port) };
  for (const assigned of assignments) expect(Object.keys(settings)).toContain(assigned);
  const child: ChildProcess = spawn(process.execPath, argv.slice(1), { cwd: REPO_ROOT, env: { ...inherited, ...settings }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`examples/${name} did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const started = /Host page on (http:\/\/\S+?)\/? /.exec(output);
      if (started) {
        clearTimeout(timer);
        resolve(started[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`examples/${name} exited before it started:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

let server: LumenServer;
let browser: Browser;
const examples = new Map<ExampleName, RunningExample>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  // The three start at once: each adds its own origin to the shared dashboard's allowed domains.
  const names: ExampleName[] = ['iframe-host', 'web-components', 'react'];
  const started = await Promise.allSettled(names.map((name) => startExample(name, server)));
  started.forEach((result, index) => result.status === 'fulfilled' && examples.set(names[index], result.value));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
});

afterAll(async () => {
  await Promise.all([...examples.values()].map((example) => example.stop()));
  await browser?.close();
  await server?.stop();
});

/** Opens an example's page in a fresh context; page errors and failed requests are collected. */
async function open(name: ExampleName): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const example = examples.get(name)!;
  expect(new URL(example.url).origin).not.toBe(new URL(server.url).origin);
  // Tall enough for the whole 900 px iframe below the example's header: dashboards load the charts in the
  // page's viewport, and charts-rendered waits for those in the frame's own viewport.
  const context = await browser.newContext({ viewport: { width: 1400, height: 1400 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console error: ${message.text()}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()} ${response.url()}`));
  await page.goto(`${example.url}/`);
  return { context, page, problems };
}

/** No error panel or alert in a scope (locators pierce the elements' shadow roots). */
async function alerts(scope: Locator | Frame): Promise<string[]> {
  return scope.locator('[role="alert"], .bi-error-panel').allInnerTexts();
}

/** The host page's own record of the data mask (the examples print it in a <pre>) names native filters. */
async function expectDataMaskShown(page: Page): Promise<void> {
  await expect.poll(() => page.locator('pre').first().innerText(), { timeout: RENDER_TIMEOUT }).toContain('NATIVE_FILTER');
}

describe('embedding examples, each started with its README command', () => {
  it('iframe-host: embedDashboard renders the Sales Dashboard in a cross-origin iframe with a guest token', async () => {
    const { context, page, problems } = await open('iframe-host');
    try {
      await page.locator('#dashboard iframe').waitFor({ timeout: RENDER_TIMEOUT });
      await expect.poll(() => page.frames().some((f) => f.url().includes('/embedded/')), { timeout: RENDER_TIMEOUT }).toBe(true);
      const frame = page.frames().find((f) => f.url().includes('/embedded/'))!;
      expect(new URL(frame.url()).origin).toBe(server.url);
      // The iframe fills the example's 900 px mount point instead of the browser's 150 px default.
      expect((await page.locator('#dashboard iframe').boundingBox())!.height).toBeGreaterThan(800);
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThanOrEqual(2);
      expect(await frame.locator('.bi-dash-header-bar').innerText()).toContain('Sales Dashboard');
      expect(await alerts(frame)).toEqual([]);
      await expectDataMaskShown(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('web-components: <bi-chart> and <bi-dashboard> from the lite bundle render inline', async () => {
    const { context, page, problems } = await open('web-components');
    try {
      const chart = page.locator('bi-chart');
      const dashboard = page.locator('bi-dashboard');
      expect(await chartsRendered(chart, RENDER_TIMEOUT)).toBe(1);
      expect((await chart.locator('.bi-chart-container').innerText()).trim()).not.toBe('');
      expect(await chartsRendered(dashboard, RENDER_TIMEOUT)).toBeGreaterThanOrEqual(2);
      // hide-title is set in the page's HTML.
      expect(await dashboard.locator('.bi-dash-header-bar').count()).toBe(0);
      expect(await alerts(chart)).toEqual([]);
      expect(await alerts(dashboard)).toEqual([]);
      // The views are in the elements' shadow roots, not in the page.
      expect(await page.evaluate(() => document.querySelector('.bi-dash, .bi-chart-container'))).toBeNull();
      await expectDataMaskShown(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it("react: a React 19 app renders <bi-dashboard> from the elements' React build and updates it from state", async () => {
    const { context, page, problems } = await open('react');
    try {
      const dashboard = page.locator('bi-dashboard');
      expect(await chartsRendered(dashboard, RENDER_TIMEOUT)).toBeGreaterThanOrEqual(2);
      expect(await alerts(dashboard)).toEqual([]);
      await expect.poll(() => dashboard.locator('.bi-dash-header-bar').count(), { timeout: RENDER_TIMEOUT }).toBe(1);
      await expectDataMaskShown(page);
      // The checkbox sets React state, which sets the hide-title attribute: the title goes away in place.
      await page.getByRole('checkbox', { name: 'hide-title' }).check();
      await expect.poll(() => dashboard.locator('.bi-dash-header-bar').count(), { timeout: RENDER_TIMEOUT }).toBe(0);
      expect(await dashboard.locator('[data-chart-status="rendered"]').count()).toBeGreaterThanOrEqual(2);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});
