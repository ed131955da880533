/**
 * The SDK as published: `npm pack` of the public packages, checked the way a registry user meets them.
 * publint and are-the-types-wrong find nothing; every tarball carries README and LICENSE; the packed
 * entries import in plain Node (SSR) without touching a DOM; and a TSX host compiles with `tsc --noEmit`
 * against the packed typings with React 18's types, React 19's, and Preact's. elements and embed ship their
 * Custom Elements Manifest (dist/custom-elements.json, package.json `customElements`).
 * Needs the built packages (`node scripts/ensure-built.mjs`). examples/host-vite is the install-and-run test.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSdk, SDK_PACKAGES, unpackSdk, type SdkTarballs } from './support/pack-sdk';
import { REPO_ROOT } from './support/repo-root';

const run = promisify(execFile);
const BIN = join(REPO_ROOT, 'node_modules', '.bin');
const FIXTURES = join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'sdk-typings');
/** Under the repository, so the unpacked packages' third-party dependencies resolve from its node_modules. */
const WORK_ROOT = join(REPO_ROOT, 'node_modules', '.cache', 'lumen-sdk-package-test');

let tarballs: SdkTarballs;
let workDir: string;

/** Runs a command; on failure the error carries its output, so the test shows what was wrong. */
async function check(file: string, args: string[], cwd: string = workDir): Promise<string> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

/** A project with the unpacked SDK; `typesReact` links node_modules/@types/react to that package. */
async function project(name: string, files: string[], compilerOptions: Record<string, unknown>, typesReact?: string): Promise<string> {
  const dir = join(workDir, name);
  await unpackSdk(tarballs, dir);
  if (typesReact) {
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', '@types', typesReact), join(dir, 'node_modules', '@types', 'react'), 'dir');
  }
  for (const file of files) copyFileSync(join(FIXTURES, file), join(dir, file));
  const options = { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: false, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [], ...compilerOptions };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files }, null, 2));
  return dir;
}

beforeAll(async () => {
  mkdirSync(WORK_ROOT, { recursive: true });
  workDir = mkdtempSync(join(WORK_ROOT, 'run-'));
  tarballs = await packSdk(join(workDir, 'tarballs'));
}, 600_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the packed SDK packages', () => {
  it.each(SDK_PACKAGES)('@lumen-bi/%s carries README.md, LICENSE and no source maps', async (name) => {
    const listing = await check('tar', ['-tzf', tarballs[name]]);
    const files = listing.split('\n').filter(Boolean);
    expect(files).toContain('package/README.md');
    expect(files).toContain('package/LICENSE');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it.each(SDK_PACKAGES)('@lumen-bi/%s passes publint (strict)', async (name) => {
    const output = await check(join(BIN, 'publint'), ['run', tarballs[name], '--strict']);
    expect(output).toContain('All good!');
  });

  // ESM-only packages: the CommonJS resolutions (node10, node16 from CJS) are out of scope by design. attw
  // exits non-zero on any problem in the others (check() then fails with its table).
  it.each(SDK_PACKAGES)('@lumen-bi/%s passes are-the-types-wrong (ESM-only profile)', { timeout: 60_000 }, async (name) => {
    await check(join(BIN, 'attw'), [tarballs[name], '--profile', 'esm-only', '--format', 'ascii']);
  });
});

describe('the Custom Elements Manifest in the tarballs', () => {
  // Editors and tools (VS Code's custom data, Storybook, lit-analyzer) find it through `customElements`.
  it.each([
    ['elements', ['bi-dashboard', 'bi-chart', 'bi-sqllab']],
    ['embed', ['bi-embed']],
  ] as const)('@lumen-bi/%s ships custom-elements.json, named by customElements, describing %j', async (name, tags) => {
    const listing = (await check('tar', ['-tzf', tarballs[name]])).split('\n');
    const packageJson = JSON.parse(await check('tar', ['-xzOf', tarballs[name], 'package/package.json'])) as { customElements?: string; exports: Record<string, unknown> };
    expect(packageJson.customElements).toBe('./dist/custom-elements.json');
    expect(packageJson.exports['./custom-elements.json']).toBe('./dist/custom-elements.json');
    expect(listing).toContain('package/dist/custom-elements.json');
    const manifest = JSON.parse(await check('tar', ['-xzOf', tarballs[name], 'package/dist/custom-elements.json'])) as {
      schemaVersion: string;
      modules: { path: string; declarations: { tagName: string; attributes: unknown[]; events: { name: string; type: { text: string } }[] }[] }[];
    };
    expect(manifest.schemaVersion).toBe('2.1.0');
    const declarations = manifest.modules.flatMap((module) => module.declarations);
    expect(declarations.map((declaration) => declaration.tagName).sort()).toEqual([...tags].sort());
    for (const declaration of declarations) {
      expect(declaration.attributes.length).toBeGreaterThan(0);
      expect(declaration.events.map((event) => event.name)).toEqual(expect.arrayContaining(['bi-ready', 'bi-error']));
    }
    // Every module it names is in the tarball (the build's one-file-per-module layout).
    for (const module of manifest.modules) expect(listing).toContain(`package/${module.path}`);
  });
});

describe("@lumen-bi/elements' code", () => {
  // A sibling bundled into elements would ship twice in a host that also installs it (issue 15: charts).
  it('imports core, charts, views and embed instead of bundling them', async () => {
    const dir = await project('imports', [], {});
    const distDir = join(dir, 'node_modules', '@lumen-bi', 'elements', 'dist');
    const code = readdirSync(distDir).filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
    for (const sibling of ['core', 'charts', 'views', 'embed']) expect(code).toContain(`from "@lumen-bi/${sibling}"`);
    // Functions defined in the siblings, never in elements' own output.
    for (const definition of ['function loadChartPlugin(', 'function createApiClient(', 'function startGuestTokenRefresh(']) expect(code).not.toContain(definition);
  });
});

describe('the packed SDK in plain Node (SSR)', () => {
  it('imports every entry without a DOM and renders the React components to HTML', async () => {
    const dir = await project('ssr', [], {});
    const script = [
      "const entries = ['@lumen-bi/elements', '@lumen-bi/elements/define', '@lumen-bi/elements/define/dashboard', '@lumen-bi/elements/define/chart',",
      "  '@lumen-bi/elements/define/sqllab', '@lumen-bi/elements/react', '@lumen-bi/embed', '@lumen-bi/embed/define', '@lumen-bi/embed/guest'];",
      'for (const entry of entries) await import(entry);',
      "const { Dashboard } = await import('@lumen-bi/elements/react');",
      "const { createElement } = await import('react');",
      "const { renderToString } = await import('react-dom/server');",
      "console.log(typeof HTMLElement, renderToString(createElement(Dashboard, { dashboardId: 'sales', hideTitle: true })));",
    ].join('\n');
    const output = await check(process.execPath, ['--input-type=module', '-e', script], dir);
    expect(output.trim()).toBe('undefined <bi-dashboard dashboard-id="sales" hide-title=""></bi-dashboard>');
  });
});

/**
 * `tsc --noEmit` of a host project, with skipLibCheck off so the SDK's own declarations are checked too.
 * Errors inside third-party declarations (outside @lumen-bi and the host) are printed, not failed: one
 * dependency, @preact/signals-react, ships a .d.ts importing a file it does not publish.
 */
async function typeCheck(dir: string): Promise<void> {
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  let output = '';
  try {
    await run(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  const errors = output.split('\n').filter((line) => / error TS\d+:/.test(line));
  // Paths are relative to the project: the host's files and node_modules/@lumen-bi/* are what is tested.
  const thirdParty = (line: string) => !line.startsWith('host-') && !line.includes('@lumen-bi/');
  const ignored = errors.filter(thirdParty);
  if (ignored.length) console.log(`Third-party declaration errors (not the SDK's):\n${ignored.join('\n')}`);
  expect(errors.filter((line) => !thirdParty(line))).toEqual([]);
}

describe('a TSX host compiles against the packed typings', () => {
  it('with React 18 types', { timeout: 180_000 }, async () => {
    await typeCheck(await project('react18', ['host-react.tsx'], { jsx: 'react-jsx' }, 'react-18'));
  });

  it('with React 19 types', { timeout: 180_000 }, async () => {
    await typeCheck(await project('react19', ['host-react.tsx'], { jsx: 'react-jsx' }, 'react'));
  });

  it('with Preact', { timeout: 180_000 }, async () => {
    await typeCheck(await project('preact', ['host-preact.tsx'], { jsx: 'react-jsx', jsxImportSource: 'preact' }));
  });
});
