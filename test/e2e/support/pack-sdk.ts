import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './repo-root';

const run = promisify(execFile);

/** The published SDK packages, dependencies first. */
export const SDK_PACKAGES = ['core', 'charts', 'views', 'embed', 'elements'] as const;
export type SdkPackage = (typeof SDK_PACKAGES)[number];

/** Tarball paths by package (`core` -> /tmp/…/lumen-bi-core-0.1.0.tgz). */
export type SdkTarballs = Record<SdkPackage, string>;

/** The SDK's version (every package shares it). */
export function sdkVersion(): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'elements', 'package.json'), 'utf8')) as { version: string }).version;
}

/** scripts/ensure-built.mjs's lock: held while a build runs, so a pack never sees a half-written dist/. */
const BUILD_LOCK = join(REPO_ROOT, 'node_modules', '.cache', 'lumen-build', 'lock');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` holding the build lock (the protocol of scripts/ensure-built.mjs: a directory holding the
 * owner's pid). Other engineers' builds in the same checkout clean and rewrite dist/ at any time.
 */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK, { recursive: false });
      writeFileSync(join(BUILD_LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(BUILD_LOCK, 'pid'), 'utf8'));
      } catch {
        // Being created: wait.
      }
      if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error('packSdk: the build lock stayed taken for 10 minutes');
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * `npm pack` of the public packages from their built dist/, as a release would publish them, into a fresh
 * temporary directory. Builds what is stale first (scripts/ensure-built.mjs), then packs holding the
 * build lock.
 *
 * @example
 * const tarballs = await packSdk();
 * await run('npm', ['install', tarballs.core, tarballs.elements]);
 */
export async function packSdk(destination: string = mkdtempSync(join(tmpdir(), 'lumen-sdk-pack-'))): Promise<SdkTarballs> {
  mkdirSync(destination, { recursive: true });
  await run(process.execPath, [join(REPO_ROOT, 'scripts', 'ensure-built.mjs'), ...SDK_PACKAGES], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  const workspaces = SDK_PACKAGES.flatMap((name) => ['-w', `packages/${name}`]);
  const { stdout } = await withBuildLock(() => run('npm', ['pack', '--json', '--pack-destination', destination, ...workspaces], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 }));
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  const byName = new Map(packed.map((entry) => [entry.name, join(destination, entry.filename)]));
  return Object.fromEntries(SDK_PACKAGES.map((name) => [name, byName.get(`@lumen-bi/${name}`) ?? missing(name)])) as SdkTarballs;
}

function missing(name: string): never {
  throw new Error(`npm pack did not produce @lumen-bi/${name}`);
}

/**
 * Unpacks the tarballs as node_modules/@lumen-bi/* of `projectDir`: what `npm install` of them lays out,
 * without fetching their third-party dependencies (a project under the repository resolves those from the
 * repository's node_modules). test/e2e/host-vite.test.ts does the real install.
 */
export async function unpackSdk(tarballs: SdkTarballs, projectDir: string): Promise<void> {
  for (const name of SDK_PACKAGES) {
    const target = join(projectDir, 'node_modules', '@lumen-bi', name);
    mkdirSync(target, { recursive: true });
    await run('tar', ['-xzf', tarballs[name], '-C', target, '--strip-components=1']);
  }
}
