/**
 * Where the incumbent's OpenAPI document misdescribes the incumbent's own answers, the way its generator
 * (apispec over Flask-AppBuilder and marshmallow schemas) always does. Each erratum rewrites the document's
 * schemas before validation, so Lumen is held to what the incumbent sends rather than to the generator's
 * mistakes. docs/rest-api.md lists them (a test keeps the list there equal to this one).
 */
type Schema = Record<string, any>;

export interface Erratum {
  name: string;
  reason: string;
  /** Rewrites one schema node (children are rewritten separately); `key` is its property name, if any. */
  apply(node: Schema, key: string | null): Schema;
}

const isRefOrObject = (node: Schema) => typeof node.$ref === 'string' || (node.type === 'object' && node.properties);

export const INCUMBENT_ERRATA: Erratum[] = [
  {
    name: 'Primary keys are integers',
    reason:
      "The document types `id` of single-item answers and the items of lists' `ids` as strings; the incumbent answers the integer primary key, as Lumen does.",
    apply: (node, key) => {
      if (key === 'id' && node.type === 'string') return { ...node, type: ['integer', 'string'] };
      if (key === 'ids' && node.items?.type === 'string') return { ...node, items: { ...node.items, type: ['integer', 'string'] } };
      return node;
    },
  },
  {
    name: 'Any field may be null',
    reason:
      "marshmallow does not validate what it dumps, so the incumbent answers null for any field whose value is empty, whether or not the document marks it `nullable`; Lumen's nulls are where the incumbent's are.",
    apply: (node) => {
      if (node.type === undefined || node.enum) return node;
      // Ajv reads `nullable` beside a single type; a list of types takes 'null' itself.
      return Array.isArray(node.type) ? { ...node, type: [...new Set([...node.type, 'null'])] } : { ...node, nullable: true };
    },
  },
  {
    name: 'Relations are lists',
    reason:
      'Relations to many (`owners`, `tags`, `dashboards`, `roles`, ...) are described as one object (`$ref`); the incumbent answers a list of such objects. Each element is still checked against the object schema.',
    // `result`, the envelope of every answer, is never a relation.
    apply: (node, key) => (key !== null && key !== 'result' && isRefOrObject(node) ? { if: { type: 'array' }, then: { items: node }, else: node } : node),
  },
];

/** The document's schema with every erratum applied, depth first. */
export function applyErrata(node: unknown, key: string | null = null, errata = INCUMBENT_ERRATA): unknown {
  if (Array.isArray(node)) return node.map((child) => applyErrata(child, null, errata));
  if (!node || typeof node !== 'object') return node;
  const rewritten: Schema = {};
  for (const [k, value] of Object.entries(node as Schema)) {
    if (k === 'properties' && value && typeof value === 'object') {
      rewritten[k] = Object.fromEntries(Object.entries(value as Schema).map(([name, child]) => [name, applyErrata(child, name, errata)]));
    } else rewritten[k] = applyErrata(value, null, errata);
  }
  return errata.reduce((current, erratum) => erratum.apply(current, key), rewritten);
}
