import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
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

/**
 * `npm pack` of the public packages from their built dist/ (scripts/ensure-built.mjs first), as a release
 * would publish them, into a fresh temporary directory.
 *
 * @example
 * const tarballs = await packSdk();
 * await run('npm', ['install', tarballs.core, tarballs.elements]);
 */
export async function packSdk(destination: string = mkdtempSync(join(tmpdir(), 'lumen-sdk-pack-'))): Promise<SdkTarballs> {
  mkdirSync(destination, { recursive: true });
  const workspaces = SDK_PACKAGES.flatMap((name) => ['-w', `packages/${name}`]);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination, ...workspaces], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
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
