import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The file a parse worker thread runs. Built, it is dist/parse-worker.js, next to the bundle holding this
 * code (tsup.config.ts lists it as an entry). Run from source (vitest), this module is a .ts file that Node
 * cannot start as a thread, so the worker entry is bundled once with esbuild (the bundler tsup uses, a
 * development dependency) into node_modules/.cache; npm packages stay external, as tsup keeps them.
 */
const WORKER_ENTRY = 'parse-worker';

let compiled: Promise<URL> | null = null;

export function parseWorkerScript(): Promise<URL> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return Promise.resolve(new URL(`./${WORKER_ENTRY}.js`, here));
  compiled ??= compileFromSource(new URL(`./${WORKER_ENTRY}.ts`, here));
  return compiled;
}

/** Workspace packages are bundled from their sources, as vitest and tsup resolve them. */
const WORKSPACE_PACKAGE = /^@lumen-bi\/([a-z]+)$/;

async function compileFromSource(entry: URL): Promise<URL> {
  // A variable specifier keeps tsup from bundling esbuild into dist, where this branch never runs.
  const esbuildName = 'esbuild';
  const esbuild = (await import(esbuildName)) as typeof import('esbuild');
  const packagesDir = new URL('../../../', entry);
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    plugins: [
      {
        name: 'workspace-sources',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            const workspace = WORKSPACE_PACKAGE.exec(args.path);
            if (workspace) return { path: fileURLToPath(new URL(`./${workspace[1]}/src/index.ts`, packagesDir)) };
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.contents;
  // Under the repository's node_modules so the external imports resolve; named by content so parallel
  // test processes write the same file, each atomically.
  const dir = new URL('../node_modules/.cache/lumen-parse-worker/', packagesDir);
  const file = new URL(`${WORKER_ENTRY}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`, dir);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    removeStaleBuilds(dir);
    const temporary = `${fileURLToPath(file)}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return pathToFileURL(fileURLToPath(file));
}

/** Builds of earlier sources, left by each change; a day old, no test run still uses them. */
function removeStaleBuilds(dir: URL): void {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(dir)) {
    const path = fileURLToPath(new URL(name, dir));
    if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
  }
}
