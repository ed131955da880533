#!/usr/bin/env node
/**
 * Builds what is stale and nothing else, so `npm start` and `npm test` on a fresh clone build everything
 * once and a second run starts in well under a second.
 *
 *   node scripts/ensure-built.mjs               build stale steps
 *   node scripts/ensure-built.mjs --force       rebuild every step
 *   node scripts/ensure-built.mjs views app     only these steps (stale ones, or all named with --force)
 *
 * A step is stale when the hash of its inputs (paths, mtimes and sizes of the files under its src/ and
 * those of the workspace packages it compiles in, plus its package.json, build config and the lockfile's
 * content) differs from the stamp of its last successful build in node_modules/.cache/lumen-build/, or when
 * one of its outputs is missing. mtimes keep hashing cheap (no file is read except the lockfile); a touched
 * but unchanged file only costs one rebuild.
 *
 * Steps run in dependency order, independent ones in parallel up to the machine's core count. On failure
 * the failing command's output is printed and the script exits 1.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const STAMP_DIR = join(ROOT, 'node_modules', '.cache', 'lumen-build');
const TSUP = join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js');
const ROLLUP = join(ROOT, 'node_modules', 'rollup', 'dist', 'bin', 'rollup');
/** Bump to invalidate every stamp when this script's notion of a build changes. */
const STAMP_VERSION = 1;

/** Inputs every step shares: the compiler settings and the installed dependency versions. */
const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];

const pkgInputs = (name) => [`packages/${name}/src`, `packages/${name}/package.json`, `packages/${name}/tsconfig.json`];

/**
 * A tsup build of one package. `compiles` lists workspace packages whose sources end up in this package's
 * output (bundled code or declarations resolved through tsconfig paths), so their changes rebuild it too.
 */
function tsupStep(name, { after = [], compiles = [], outputs = ['dist/index.js'] } = {}) {
  return {
    name,
    tool: 'tsup',
    after,
    cwd: join(ROOT, 'packages', name),
    command: [process.execPath, [TSUP]],
    inputs: [...pkgInputs(name), `packages/${name}/tsup.config.ts`, ...(name === 'server' ? [] : ['scripts/tsup-library.ts']), ...(name === 'elements' || name === 'embed' ? ['scripts/custom-elements-manifest.ts'] : []), ...compiles.map((dep) => `packages/${dep}/src`)],
    outputs: outputs.map((file) => `packages/${name}/${file}`),
  };
}

/** A rollup bundle selected from rollup.config.mjs by name (see BUNDLES there). */
function rollupStep(name, { after = [], inputs, outputs }) {
  return {
    name,
    tool: 'rollup',
    after,
    cwd: ROOT,
    command: [process.execPath, [ROLLUP, '-c', 'rollup.config.mjs', '--configBundles', name.replace(/-bundle$/, '')]],
    inputs: ['rollup.config.mjs', 'scripts/bundle-budgets.mjs', 'package.json', ...inputs],
    outputs,
    // The bundle-size table is the one thing worth seeing from a successful build.
    showOutput: true,
  };
}

/**
 * Every build step, in dependency order (core <- charts <- views <- elements; core <- embed <- elements: its
 * declarations read embed's; core <- server).
 * The `elements` and `embed` browser bundles are rollupSteps after their packages' tsup builds.
 */
const STEPS = [
  tsupStep('core'),
  tsupStep('charts', { after: ['core'], compiles: ['core'] }),
  tsupStep('views', { after: ['charts'], compiles: ['core', 'charts'] }),
  tsupStep('embed', { after: ['core'], compiles: ['core'], outputs: ['dist/index.js', 'dist/custom-elements.json'] }),
  tsupStep('elements', { after: ['views', 'embed'], compiles: ['core', 'charts', 'views', 'embed'], outputs: ['dist/index.js', 'dist/define.js', 'dist/define-chart.js', 'dist/react/index.js', 'dist/custom-elements.json'] }),
  tsupStep('server', { after: ['core'], compiles: ['core'], outputs: ['dist/cli.js', 'dist/index.js', 'dist/parse-worker.js'] }),
  // The bundle compiles the workspace sources itself (rollup aliases), so it needs no package's dist and
  // starts at once: it is the longest step, and waiting for the tsup chain would add its time to the total.
  rollupStep('app-bundle', {
    after: [],
    inputs: ['packages/app/src', 'packages/app/package.json', ...['core', 'charts', 'views', 'elements'].map((dep) => `packages/${dep}/src`)],
    outputs: ['packages/app/dist/index.html'],
  }),
  // After the packages' tsup builds: tsup's clean step empties dist/, where these bundles live.
  rollupStep('elements-bundle', {
    after: ['elements'],
    inputs: ['packages/elements/package.json', ...['core', 'charts', 'views', 'elements', 'embed'].map((dep) => `packages/${dep}/src`)],
    outputs: ['packages/elements/dist/bundle/bi-elements.react.js', 'packages/elements/dist/bundle/bi-elements.lite.js', 'packages/elements/dist/bundle/bi-chart.lite.js'],
  }),
  rollupStep('embed-bundle', {
    after: ['embed'],
    inputs: ['packages/embed/package.json', ...['core', 'embed'].map((dep) => `packages/${dep}/src`)],
    outputs: ['packages/embed/dist/bundle/lumen-embed.js', 'packages/embed/dist/bundle/lumen-embed-dashboard.js', 'packages/embed/dist/bundle/lumen-embed.iife.js'],
  }),
];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
const isTestFile = (name) => /\.test(-d)?\.tsx?$/.test(name);

/** Appends `path size mtime` for every build-relevant file under `path` (tests do not change outputs). */
function collect(path, lines) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    lines.push(`${relative(ROOT, path)} missing`);
    return;
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      if (SKIPPED_DIRS.has(entry) || isTestFile(entry)) continue;
      collect(join(path, entry), lines);
    }
  } else if (path.endsWith('package-lock.json')) {
    // npm rewrites the lockfile on install even when nothing changed; its content is what matters.
    lines.push(`${relative(ROOT, path)} ${createHash('sha1').update(readFileSync(path)).digest('hex')}`);
  } else {
    lines.push(`${relative(ROOT, path)} ${stat.size} ${stat.mtimeMs}`);
  }
}

function inputHash(step) {
  const lines = [`v${STAMP_VERSION}`, step.command[1].slice(1).join(' ')];
  for (const input of [...new Set([...SHARED_INPUTS, ...step.inputs])]) collect(join(ROOT, input), lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const stampPath = (step) => join(STAMP_DIR, `${step.name}.json`);

function isFresh(step, hash) {
  if (!step.outputs.every((output) => existsSync(join(ROOT, output)))) return false;
  try {
    return JSON.parse(readFileSync(stampPath(step), 'utf8')).hash === hash;
  } catch {
    return false;
  }
}

function run(step) {
  const [file, args] = step.command;
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: step.cwd, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push({ stream: 'stdout', chunk }));
    child.stderr.on('data', (chunk) => chunks.push({ stream: 'stderr', chunk }));
    child.on('error', (error) => resolve({ code: 1, chunks: [{ stream: 'stderr', chunk: Buffer.from(String(error)) }] }));
    child.on('close', (code) => resolve({ code: code ?? 1, chunks }));
  });
}

/** The command as one could paste it from the step's directory. */
const displayCommand = (step) =>
  [step.command[0], ...step.command[1]]
    .map((part) => (part === process.execPath ? 'node' : part.startsWith(ROOT) ? relative(step.cwd, part) : part))
    .join(' ');

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`.padStart(6);
const label = (step) => `${step.name.padEnd(15)} ${step.tool.padEnd(6)}`;

/**
 * One build at a time per checkout: two `npm test` or `npm start` runs started together would otherwise
 * rebuild the same package at once and one tsup's clean step would delete the other's output. The lock is
 * a directory (mkdir is atomic) holding the owner's pid; a lock whose owner is gone is taken over.
 */
async function withBuildLock(work) {
  const lockDir = join(STAMP_DIR, 'lock');
  const ownerFile = join(lockDir, 'pid');
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let owner = NaN;
      try {
        owner = Number(readFileSync(ownerFile, 'utf8'));
      } catch {
        // The owner has made the directory but not yet written its pid: wait for it.
      }
      if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!announced) console.log(`ensure-built: waiting for the build run by process ${owner || '?'}`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  const release = () => rmSync(lockDir, { recursive: true, force: true });
  process.once('exit', release);
  try {
    return await work();
  } finally {
    release();
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const unknownFlags = args.filter((arg) => arg.startsWith('-') && arg !== '--force');
  const only = args.filter((arg) => !arg.startsWith('-'));
  const unknownSteps = only.filter((name) => !STEPS.some((step) => step.name === name || step.name === `${name}-bundle`));
  if (unknownFlags.length || unknownSteps.length) {
    console.error(`ensure-built: unknown ${[...unknownFlags, ...unknownSteps].join(', ')}; steps: ${STEPS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const selected = STEPS.filter((step) => only.length === 0 || only.some((name) => step.name === name || step.name === `${name}-bundle`));
  const selectedNames = new Set(selected.map((step) => step.name));
  mkdirSync(STAMP_DIR, { recursive: true });

  const started = performance.now();
  const done = new Set();
  const running = new Map();
  const pending = [...selected];
  const limit = Math.max(1, availableParallelism());
  let failure = null;
  let built = 0;

  // A step starts once the steps it comes after (among those selected) are done.
  const ready = (step) => step.after.every((dep) => !selectedNames.has(dep) || done.has(dep));

  async function execute(step) {
    const t0 = performance.now();
    const hash = inputHash(step);
    if (!force && isFresh(step, hash)) {
      console.log(`  ${label(step)} up to date ${seconds(performance.now() - t0)}`);
      return;
    }
    const result = await run(step);
    const elapsed = seconds(performance.now() - t0);
    const output = Buffer.concat(result.chunks.map((c) => c.chunk)).toString('utf8');
    if (result.code !== 0) {
      failure ??= { step, output, command: displayCommand(step) };
      console.log(`  ${label(step)} FAILED     ${elapsed}`);
      return;
    }
    writeFileSync(stampPath(step), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
    built += 1;
    console.log(`  ${label(step)} built      ${elapsed}`);
    if (step.showOutput) {
      const stdout = Buffer.concat(result.chunks.filter((c) => c.stream === 'stdout').map((c) => c.chunk)).toString('utf8').trimEnd();
      if (stdout) console.log(stdout.replace(/^/gm, '    '));
    }
  }

  await new Promise((resolveAll) => {
    const pump = () => {
      if (failure && running.size === 0) return resolveAll();
      if (!failure) {
        for (const step of [...pending]) {
          if (running.size >= limit) break;
          if (!ready(step)) continue;
          pending.splice(pending.indexOf(step), 1);
          running.set(
            step.name,
            execute(step).then(() => {
              running.delete(step.name);
              done.add(step.name);
              pump();
            }),
          );
        }
      }
      if (running.size === 0 && (pending.length === 0 || failure)) resolveAll();
    };
    pump();
  });

  if (failure) {
    console.error(`\nensure-built: step "${failure.step.name}" failed.\n$ (cd ${relative(ROOT, failure.step.cwd) || '.'} && ${failure.command})\n`);
    console.error(failure.output.trimEnd());
    process.exit(1);
  }
  console.log(`ensure-built: ${built ? `built ${built} of ${selected.length} steps` : 'everything up to date'} in ${seconds(performance.now() - started).trim()}`);
}

mkdirSync(STAMP_DIR, { recursive: true });
await withBuildLock(main);
