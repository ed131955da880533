/**
 * examples/host-vite as a customer builds it: a copy outside the repository, the SDK installed from the
 * packed tarballs with npm (third-party dependencies from the registry or npm's cache), its type-check
 * (`tsc -p .`, the SDK's typings as installed) and `vite build` with a reporting plugin that records each
 * chunk's modules and static imports (dist/build-report.json).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
}

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

async function step(label: string, file: string, args: string[], cwd: string): Promise<void> {
  try {
    await run(file, args, { cwd, env: cleanEnv(), maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${label} failed in ${cwd}:\n${stdout}${stderr}`);
  }
}

/**
 * @example
 * const host = await buildViteHost(await packSdk());
 * host.chunks.filter((chunk) => chunk.isEntry);
 */
export async function buildViteHost(tarballs: SdkTarballs): Promise<ViteHost> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-host-vite-'));
  cpSync(join(REPO_ROOT, 'examples', 'host-vite'), dir, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  const packed = SDK_PACKAGES.map((name) => tarballs[name]);
  await step('npm install', 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...packed], dir);
  writeFileSync(join(dir, 'build-with-report.mjs'), BUILD_SCRIPT);
  // The host's own type-check against the installed typings (its tsconfig), beside the build.
  await Promise.all([
    step('vite build', process.execPath, ['build-with-report.mjs'], dir),
    step('tsc (npm run typecheck)', process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], dir),
  ]);
  const distDir = join(dir, 'dist');
  return { dir, distDir, chunks: JSON.parse(readFileSync(join(distDir, 'build-report.json'), 'utf8')) as BuiltChunk[] };
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
