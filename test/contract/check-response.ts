import type { LightMyRequestResponse } from 'fastify';
import { isAllowed } from './allowed-differences';
import type { IncumbentApi, IncumbentOperation } from './incumbent-openapi';
import { RECORDING, readRecordedShape, writeRecordedShape } from './recorded-shapes';
import { diffShapes, shapeOf } from './value-shape';

type Schema = Record<string, any>;

/** `GET /api/v1/chart/{id}`: `/result/owners` expected array, got object. */
export type Difference = string;

/** A schema says too little to check keys when it is, or holds at its top, an object without properties. */
export function isLooseSchema(api: IncumbentApi, schema: Schema | null): boolean {
  if (!schema) return true;
  const top = api.resolve(schema);
  const opaque = (s: Schema) => {
    const r = api.resolve(s);
    return !r.properties && !r.items && !r.allOf && !r.oneOf && !r.anyOf && (r.type === 'object' || r.type === undefined);
  };
  if (opaque(top)) return true;
  return Object.values((top.properties ?? {}) as Record<string, Schema>).some((p) => p.type === 'object' && opaque(p));
}

/**
 * Keys the document names for the answer's top level that the answer lacks. The incumbent's schemas seldom
 * mark keys `required`, so validation alone would let a client's key go missing unnoticed.
 */
export function missingDocumentedKeys(api: IncumbentApi, schema: Schema, body: unknown): string[] {
  const top = api.resolve(schema);
  if (!body || typeof body !== 'object' || Array.isArray(body) || !top.properties) return [];
  return Object.keys(top.properties).filter((key) => !(key in body)).map((key) => `/${key}`);
}

const mediaType = (header: unknown) => String(header ?? '');

/** The documented content types of this answer, or null when the incumbent leaves them out. */
function documentedContentTypes(op: IncumbentOperation, status: number): string[] {
  return op.contentTypes(status);
}

export function checkAgainstIncumbent(endpoint: string, api: IncumbentApi, op: IncumbentOperation, res: LightMyRequestResponse): Difference[] {
  const out: Difference[] = [];
  const differ = (pointer: string, what: string) => {
    if (!isAllowed(endpoint, pointer)) out.push(`${endpoint}: ${pointer} ${what}`);
  };
  if (!op.statuses.includes(String(res.statusCode))) differ('status', `${res.statusCode} is not among the documented ${op.statuses.join(', ')}`);
  const types = documentedContentTypes(op, res.statusCode);
  const actualType = mediaType(res.headers['content-type']);
  if (types.includes('application/json') && actualType !== 'application/json') differ('content-type', `expected exactly application/json, got ${actualType}`);
  else if (types.length && !types.includes('application/json') && !types.some((t) => actualType.startsWith(t))) differ('content-type', `expected one of ${types.join(', ')}, got ${actualType}`);
  const schema = op.jsonSchema(res.statusCode);
  if (schema && actualType.startsWith('application/json')) {
    const body = res.json();
    for (const error of api.validate(schema, body)) differ(error.instancePath || '/', `${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`);
    for (const pointer of missingDocumentedKeys(api, schema, body)) differ(pointer, 'is documented but missing');
  }
  return out;
}

/** Compares the answer with its recorded shape (or records it, in recording mode). */
export function checkAgainstRecorded(endpoint: string, res: LightMyRequestResponse): Difference[] {
  const contentType = mediaType(res.headers['content-type']);
  const shape = contentType.startsWith('application/json') && res.body ? shapeOf(res.json()) : null;
  const actual = { endpoint, status: res.statusCode, contentType, shape };
  if (RECORDING) {
    writeRecordedShape(actual);
    return [];
  }
  const recorded = readRecordedShape(endpoint);
  if (!recorded) return [`${endpoint}: no recorded shape in test/contract/recorded (record with LUMEN_CONTRACT_RECORD=1 and review the file)`];
  const out: Difference[] = [];
  const differ = (pointer: string, what: string) => {
    if (!isAllowed(endpoint, pointer)) out.push(`${endpoint}: ${pointer} ${what}`);
  };
  if (recorded.status !== actual.status) differ('status', `recorded ${recorded.status}, got ${actual.status}`);
  if (recorded.contentType !== actual.contentType) differ('content-type', `recorded ${recorded.contentType}, got ${actual.contentType}`);
  if (recorded.shape !== null && actual.shape !== null) {
    for (const d of diffShapes(recorded.shape, actual.shape)) differ(d.pointer || '/', `recorded ${d.expected}, got ${d.actual}`);
  } else if ((recorded.shape === null) !== (actual.shape === null)) differ('/', `recorded ${recorded.shape === null ? 'no JSON body' : 'a JSON body'}, got ${actual.shape === null ? 'none' : 'one'}`);
  return out;
}
