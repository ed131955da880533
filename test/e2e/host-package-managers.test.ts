/**
 * The packed SDK installed with pnpm and with Yarn (npm: test/e2e/host-vite.test.ts): examples/host-vite
 * copied outside the repository depends on @lumen-bi/elements alone (its sibling packages come as its
 * dependencies), each package manager installs it from the tarballs, the host type-checks against the
 * installed typings (tsc) and builds with Vite. Nothing is installed twice (pnpm's peer-set copies and
 * Yarn's nested node_modules included) nor bundled twice. Prints each install's duration and each page's
 * first load (gzip). pnpm and Yarn come from the npm registry through `npm exec`.
 * Needs the built packages (`node scripts/ensure-built.mjs`; packSdk builds what is stale).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSdk, type SdkTarballs } from './support/pack-sdk';
import { buildViteHost, duplicatedPackages, firstLoadFiles, installedCopies, packageOf, PACKAGE_MANAGER_VERSIONS, type ViteHost } from './support/vite-host-build';

/** Packages a second copy of which would break the host (two Reacts, two element registries) or double its weight. */
const SINGLE_COPY = ['@lumen-bi/core', '@lumen-bi/charts', '@lumen-bi/views', '@lumen-bi/embed', '@lumen-bi/elements', 'react', 'react-dom', 'lit'];

let tarballs: SdkTarballs;
const hosts: ViteHost[] = [];

beforeAll(async () => {
  tarballs = await packSdk();
}, 600_000);

afterAll(() => {
  for (const host of hosts) rmSync(host.dir, { recursive: true, force: true });
});

function firstLoadGzipKb(host: ViteHost, page: string): number {
  return firstLoadFiles(host.chunks, page).reduce((sum, file) => sum + gzipSync(readFileSync(join(host.distDir, file)), { level: 9 }).length, 0) / 1024;
}

describe.each([
  ['pnpm', `pnpm@${PACKAGE_MANAGER_VERSIONS.pnpm}`],
  ['yarn', `Yarn ${PACKAGE_MANAGER_VERSIONS.yarn} (node-modules linker)`],
] as const)('examples/host-vite installed with %s', (manager, label) => {
  let host: ViteHost;

  beforeAll(async () => {
    host = await buildViteHost(tarballs, manager);
    hosts.push(host);
  }, 900_000);

  it(`installs @lumen-bi/elements and its dependencies from the tarballs, each package once (${label})`, () => {
    const copies = installedCopies(host.dir, SINGLE_COPY);
    // elements, its siblings and React are all there (a missing dependency or an unmet peer would leave a gap)...
    expect(Object.keys(copies).sort()).toEqual([...SINGLE_COPY].sort());
    // ...each exactly once.
    expect(Object.fromEntries(Object.entries(copies).filter(([, dirs]) => dirs.length > 1))).toEqual({});
    for (const name of ['core', 'elements']) {
      const installed = JSON.parse(readFileSync(join(copies[`@lumen-bi/${name}`][0], 'package.json'), 'utf8')) as { version: string };
      expect(installed.version).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it('type-checks and builds with Vite, holding every package once', () => {
    // buildViteHost ran the host's tsc and vite build (it throws with their output on failure).
    expect(duplicatedPackages(host.chunks)).toEqual({});
    const packages = new Set(host.chunks.flatMap((chunk) => chunk.moduleIds).map((id) => packageOf(id)?.name));
    for (const name of ['@lumen-bi/elements', '@lumen-bi/views', '@lumen-bi/charts', '@lumen-bi/core', 'react', 'react-dom']) expect(packages).toContain(name);
    console.log(
      `${label}: install ${host.seconds.install.toFixed(1)} s, tsc + vite build ${host.seconds.build.toFixed(1)} s; first load ` +
        `<bi-dashboard> page ${firstLoadGzipKb(host, 'dashboard').toFixed(1)} KB gzip, <bi-chart> page ${firstLoadGzipKb(host, 'chart').toFixed(1)} KB gzip`,
    );
  });
});
