/**
 * Serves the SDK's browser bundles, for hosts that load them from Lumen instead of their own build:
 *
 *   /static/elements/<file>            packages/elements/dist/bundle (bi-elements.lite.js, ...); a short
 *                                      cache, so a Lumen upgrade reaches pages within minutes
 *   /static/elements/<version>/<file>  the same files under the SDK's version, cached for a year (immutable)
 *   /static/embed/<file>, /static/embed/<version>/<file>   packages/embed/dist/bundle the same way
 *
 * Precompressed .br/.gz siblings (written by the build, rollup.config.mjs) go to browsers that accept
 * them. The bundles are public code fetched as CORS module scripts from host pages, so any origin may read
 * them (Access-Control-Allow-Origin: *, no credentials); embedding origins also get Timing-Allow-Origin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { addTimingAllowOrigin, embeddingOriginsOf, type IsEmbeddingOrigin } from './timing-allow-origin';

/** The unversioned URL's cache lifetime: short, so a new Lumen version's bundles are picked up soon. */
export const UNVERSIONED_MAX_AGE = '10m';
/** The versioned URL's: a year, immutable (its content never changes for that version). */
export const VERSIONED_MAX_AGE = '365d';

/** One SDK package's browser bundles. */
export interface SdkBundle {
  /** URL prefix, e.g. '/static/elements/'. */
  prefix: string;
  /** The dist/bundle directory. */
  dir: string;
  /** The package's version: the versioned URL's segment. */
  version: string;
}

export interface SdkStaticRoutesOptions {
  /** Defaults: packages/elements and packages/embed found from here (LUMEN_SDK_DIR overrides the packages dir). */
  bundles?: SdkBundle[];
  /** Defaults to the embedded dashboards' allowed_domains when the app context is there. */
  isEmbeddingOrigin?: IsEmbeddingOrigin;
}

/** packages/ found by walking up from this file (dist/cli.js when built, src/http/ in tests). */
export function resolvePackagesDir(env: NodeJS.ProcessEnv = process.env, from: string = fileURLToPath(import.meta.url)): string {
  if (env.LUMEN_SDK_DIR) return resolve(env.LUMEN_SDK_DIR);
  for (let dir = dirname(from); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'packages', 'elements', 'package.json'))) return join(dir, 'packages');
  }
  return resolve('packages');
}

/** The elements' and embed's bundles under packagesDir, with their package versions. */
export function defaultSdkBundles(packagesDir: string = resolvePackagesDir()): SdkBundle[] {
  return ['elements', 'embed'].map((name) => {
    const packageJson = join(packagesDir, name, 'package.json');
    const version = existsSync(packageJson) ? (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version : '0.0.0';
    return { prefix: `/static/${name}/`, dir: join(packagesDir, name, 'dist', 'bundle'), version };
  });
}

/** One prefix of one bundle directory. */
async function serveDir(app: FastifyInstance, dir: string, prefix: string, maxAge: string, immutable: boolean): Promise<void> {
  await app.register(fastifyStatic, { root: dir, prefix, maxAge, immutable, preCompressed: true, index: false, decorateReply: false });
}

/**
 * @example
 * await app.register(registerSdkStaticRoutes);
 */
export async function registerSdkStaticRoutes(app: FastifyInstance, options: SdkStaticRoutesOptions = {}): Promise<void> {
  const isEmbeddingOrigin = options.isEmbeddingOrigin ?? embeddingOriginsOf(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
  if (isEmbeddingOrigin) addTimingAllowOrigin(app, isEmbeddingOrigin);
  for (const bundle of options.bundles ?? defaultSdkBundles()) {
    if (!existsSync(bundle.dir)) {
      app.log.warn({ dir: bundle.dir }, `The SDK bundles under ${bundle.prefix} are not built: run npm run build`);
      continue;
    }
    await serveDir(app, bundle.dir, `${bundle.prefix}${bundle.version}/`, VERSIONED_MAX_AGE, true);
    await serveDir(app, bundle.dir, bundle.prefix, UNVERSIONED_MAX_AGE, false);
  }
}
