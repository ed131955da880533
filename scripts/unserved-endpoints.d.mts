/** Types of scripts/unserved-endpoints.mjs for the TypeScript test that checks docs/rest-api.md against it. */
import type { FastifyInstance } from 'fastify';

export interface IncumbentEndpoint {
  method: string;
  path: string;
}
export const DOC_PATH: string;
export const OPENAPI_PATH: string;
export const START_MARKER: string;
export const END_MARKER: string;
export const REASONS: [RegExp, string | null][];
export function incumbentEndpoints(openapi: unknown): IncumbentEndpoint[];
export function reasonFor(path: string): string | null;
export function unservedEndpoints(openapi: unknown, serves: (method: string, path: string) => boolean): IncumbentEndpoint[];
export function appServes(app: FastifyInstance, method: string, template: string): boolean;
export function renderUnservedSection(unserved: IncumbentEndpoint[], total: number): string;
export function documentedSection(markdown?: string): string | null;
export function sectionFor(app: FastifyInstance, openapi?: unknown): string;
