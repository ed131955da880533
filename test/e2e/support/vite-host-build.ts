/**
 * examples/host-vite as a customer builds it: a copy outside the repository, the SDK installed from the
 * packed tarballs with npm, pnpm or Yarn (third-party dependencies from the npm registry or the package
 * manager's cache), its type-check (`tsc -p .`, the SDK's typings as installed) and `vite build` with a
 * reporting plugin that records each chunk's modules and static imports (dist/build-report.json).
 */
import { execFile } from 'node:child_process';
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SDK_PACKAGES, type SdkTarballs } from './pack-sdk';
import { REPO_ROOT } from './repo-root';

const run = promisify(execFile);

/** One chunk of the host's build. */
export interface BuiltChunk {
  fileName: string;
  /** The input's name for entries (`dashboard`, `chart`: examples/host-vite/vite.config.js). */
  name: string;
  isEntry: boolean;
  /** Chunks this one imports statically (loaded before it runs). */
  imports: string[];
  moduleIds: string[];
}

export interface ViteHost {
  dir: string;
  distDir: string;
  chunks: BuiltChunk[];
  /** Seconds the install took, and the type-check and build (run together). */
  seconds: { install: number; build: number };
}

/** The package managers a host may install the SDK with. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn';

/**
 * pnpm and Yarn as a developer would run them, fetched from the npm registry by `npm exec` (npm caches
 * them; nothing global is installed). Yarn is the current major (Yarn 4, @yarnpkg/cli-dist).
 */
export const PACKAGE_MANAGER_VERSIONS = { pnpm: '9', yarn: '4' } as const;

/** Runs vite build from the host's own node_modules, with the reporting plugin added to its config. */
const BUILD_SCRIPT = `
import { writeFileSync } from 'node:fs';
import { build } from 'vite';
const chunks = [];
const report = {
  name: 'lumen-build-report',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      chunks.push({ fileName: file.fileName, name: file.name, isEntry: file.isEntry, imports: file.imports, moduleIds: file.moduleIds ?? Object.keys(file.modules) });
    }
  },
};
await build({ root: process.cwd(), logLevel: 'warn', plugins: [report] });
writeFileSync('dist/build-report.json', JSON.stringify(chunks));
`;

/**
 * The environment of a developer's shell: nothing inherited from the test runner's npm (npm_*) or from
 * vitest (NODE_ENV=test would make Vite bundle React's development build; VITEST*).
 */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$|TEST$)/i.test(name)));
}

/** How long one step may take before it is stopped and named in the error (a stalled registry fetch, say). */
const STEP_LIMIT_MS = { install: 240_000, build: 300_000 } as const;

/**
 * Runs one step of the host's setup, stopped after `limitMs` so that a hang fails with the step's name and
 * output instead of running into the test hook's own time-out.
 */
async function step(label: string, file: string, args: string[], cwd: string, limitMs: number, env: NodeJS.ProcessEnv = {}): Promise<void> {
  try {
    await run(file, args, { cwd, env: { ...cleanEnv(), ...env }, maxBuffer: 64 * 1024 * 1024, timeout: limitMs, killSignal: 'SIGKILL' });
  } catch (error) {
    const { stdout = '', stderr = '', killed } = error as { stdout?: string; stderr?: string; killed?: boolean };
    const why = killed ? `was stopped after ${limitMs / 1000} s` : 'failed';
    throw new Error(`${label} ${why} in ${cwd}:\n${stdout}${stderr}`);
  }
}

/**
 * An install step, run a second time when the first fails: the registry is across the network, and one
 * stalled or reset fetch should not fail the suite. A second failure is reported with both outputs.
 */
async function installStep(label: string, file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  try {
    await step(label, file, args, cwd, STEP_LIMIT_MS.install, env);
  } catch (first) {
    try {
      await step(`${label} (second try)`, file, args, cwd, STEP_LIMIT_MS.install, env);
    } catch (second) {
      throw new Error(`${(first as Error).message}\n${(second as Error).message}`);
    }
  }
}

/**
 * Writes the SDK into the host's package.json for pnpm and Yarn: the host depends on @lumen-bi/elements
 * only (what it imports), and every @lumen-bi/* name, the packages' own dependencies on each other
 * included, resolves to its tarball (pnpm.overrides, Yarn's resolutions), since they are not in the
 * registry. A host installing from the registry writes just the dependency.
 */
function depend(dir: string, tarballs: SdkTarballs, manager: 'pnpm' | 'yarn'): void {
  const path = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> & { dependencies: Record<string, string> };
  const files = Object.fromEntries(SDK_PACKAGES.map((name) => [`@lumen-bi/${name}`, `file:${tarballs[name]}`]));
  pkg.dependencies = { ...pkg.dependencies, '@lumen-bi/elements': files['@lumen-bi/elements'] };
  if (manager === 'pnpm') pkg.pnpm = { overrides: files };
  else pkg.resolutions = files;
  writeFileSync(path, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** Installs the SDK into the host with `manager`. */
async function install(dir: string, tarballs: SdkTarballs, manager: PackageManager): Promise<void> {
  const packed = SDK_PACKAGES.map((name) => tarballs[name]);
  if (manager === 'npm') {
    // npm's own fetch time-out is 5 minutes with 2 retries; a minute per fetch and more retries recover sooner.
    await installStep('npm install', 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--fetch-timeout=60000', '--fetch-retries=4', ...packed], dir);
    return;
  }
  depend(dir, tarballs, manager);
  if (manager === 'pnpm') {
    // CI=true would make pnpm insist on a lockfile the copy does not have.
    await installStep('pnpm install', 'npm', ['exec', '--yes', `pnpm@${PACKAGE_MANAGER_VERSIONS.pnpm}`, '--', 'install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=silent'], dir);
    return;
  }
  // node_modules rather than Plug'n'Play: the host's tsc and Vite read node_modules as most hosts do. The npm
  // registry (Yarn's default mirror is another host); not immutable (Yarn's default when CI is set).
  writeFileSync(join(dir, '.yarnrc.yml'), 'nodeLinker: node-modules\nnpmRegistryServer: "https://registry.npmjs.org"\nenableTelemetry: false\nenableImmutableInstalls: false\n');
  writeFileSync(join(dir, 'yarn.lock'), '');
  await installStep('yarn install', 'npm', ['exec', '--yes', `--package=@yarnpkg/cli-dist@${PACKAGE_MANAGER_VERSIONS.yarn}`, '--', 'yarn', 'install', '--mode=skip-build'], dir, { YARN_ENABLE_PROGRESS_BARS: 'false' });
}

/**
 * @example
 * const host = await buildViteHost(await packSdk());
 * host.chunks.filter((chunk) => chunk.isEntry);
 * await buildViteHost(tarballs, 'pnpm');
 */
export async function buildViteHost(tarballs: SdkTarballs, manager: PackageManager = 'npm'): Promise<ViteHost> {
  const dir = mkdtempSync(join(tmpdir(), `lumen-host-vite-${manager}-`));
  cpSync(join(REPO_ROOT, 'examples', 'host-vite'), dir, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  const started = Date.now();
  await install(dir, tarballs, manager);
  const installed = Date.now();
  writeFileSync(join(dir, 'build-with-report.mjs'), BUILD_SCRIPT);
  // The host's own type-check against the installed typings (its tsconfig), beside the build.
  await Promise.all([
    step('vite build', process.execPath, ['build-with-report.mjs'], dir, STEP_LIMIT_MS.build),
    step('tsc (npm run typecheck)', process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], dir, STEP_LIMIT_MS.build),
  ]);
  const distDir = join(dir, 'dist');
  return {
    dir,
    distDir,
    chunks: JSON.parse(readFileSync(join(distDir, 'build-report.json'), 'utf8')) as BuiltChunk[],
    seconds: { install: (installed - started) / 1000, build: (Date.now() - installed) / 1000 },
  };
}

/**
 * Every installed copy of the named packages under dir/node_modules (real directories, not links), by name:
 * npm's and Yarn's nested node_modules, and pnpm's store (node_modules/.pnpm/<name>@<version>_<peers>/), where
 * one package resolved against two peer sets is two copies.
 *
 * @example
 * installedCopies(host.dir, ['react'])); // {react: ['/tmp/…/node_modules/react']}
 */
export function installedCopies(dir: string, names: readonly string[]): Record<string, string[]> {
  const wanted = new Set(names);
  const copies: Record<string, string[]> = {};
  const isDir = (path: string) => {
    try {
      const stat = lstatSync(path);
      return stat.isDirectory() && !stat.isSymbolicLink();
    } catch {
      return false; // absent, or under a file (node_modules/.pnpm/lock.yaml/…)
    }
  };
  const walk = (nodeModules: string) => {
    if (!isDir(nodeModules)) return;
    for (const entry of readdirSync(nodeModules)) {
      const path = join(nodeModules, entry);
      if (entry === '.pnpm') {
        for (const key of readdirSync(path)) if (isDir(join(path, key))) walk(join(path, key, 'node_modules'));
        continue;
      }
      if (entry.startsWith('.')) continue;
      const packages = entry.startsWith('@') && isDir(path) ? readdirSync(path).map((name) => [`${entry}/${name}`, join(path, name)]) : [[entry, path]];
      for (const [name, packageDir] of packages) {
        if (!isDir(packageDir)) continue;
        if (wanted.has(name)) (copies[name] ??= []).push(packageDir);
        walk(join(packageDir, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return copies;
}

/** The installed package a module belongs to: its name and root directory (two copies have two roots). */
export function packageOf(moduleId: string): { name: string; root: string } | null {
  const path = moduleId.replace(/\\/g, '/').replace(/^\0/, '');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = path.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  return { name, root: `${path.slice(0, at)}/node_modules/${name}` };
}

/** Packages whose code comes from more than one installed copy, with those copies. */
export function duplicatedPackages(chunks: BuiltChunk[]): Record<string, string[]> {
  const roots = new Map<string, Set<string>>();
  for (const id of chunks.flatMap((chunk) => chunk.moduleIds)) {
    const pkg = packageOf(id);
    if (pkg) roots.set(pkg.name, (roots.get(pkg.name) ?? new Set()).add(pkg.root));
  }
  return Object.fromEntries([...roots].filter(([, set]) => set.size > 1).map(([name, set]) => [name, [...set]]));
}

/** The files a page loads before its entry runs: the entry chunk and its static imports, transitively. */
export function firstLoadFiles(chunks: BuiltChunk[], entryName: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === entryName);
  if (!entry) throw new Error(`No entry chunk named ${entryName}: ${chunks.filter((c) => c.isEntry).map((c) => c.name).join(', ')}`);
  const files = new Set<string>();
  const walk = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    byFile.get(fileName)?.imports.forEach(walk);
  };
  walk(entry.fileName);
  return [...files];
}
