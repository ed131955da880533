/**
 * Runs a template parsed by the `handlebars` package (Handlebars.parse: its own grammar, whitespace control
 * and standalone lines) by walking its syntax tree. Handlebars.compile turns a template into JavaScript and
 * runs it with `new Function`, which Lumen's Content-Security-Policy (script-src 'self', no 'unsafe-eval')
 * forbids; walking the tree gives the same output without evaluating code. Supported: mustaches (escaped
 * and triple-stash), paths with ../, this and @data, literals, sub-expressions, hash arguments, comments,
 * the built-in if/unless/each/with/lookup, and the registered helpers. Partials and decorators are not
 * (a clear error). Only own properties are read: a template cannot reach prototypes or constructors.
 */
import { escapeExpression } from 'handlebars/dist/cjs/handlebars/utils.js';

type Node = hbs.AST.Node;
type Helper = (...args: unknown[]) => unknown;

/** Frame of a block: its context and @data (index, key, first, last, root). */
interface Scope {
  context: unknown;
  data: Record<string, unknown>;
  parent: Scope | null;
}

const own = (value: unknown, key: string): unknown => {
  if (value === null || value === undefined || typeof value !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) || (Array.isArray(value) && key === 'length') ? (value as Record<string, unknown>)[key] : undefined;
};

const isEmpty = (value: unknown): boolean => !value || (Array.isArray(value) && value.length === 0);

export class TemplateRunner {
  constructor(private readonly helpers: ReadonlyMap<string, Helper>) {}

  /** The output of `program` over `context`. */
  run(program: hbs.AST.Program, context: unknown): string {
    return this.program(program, { context, data: { root: context }, parent: null });
  }

  private program(program: hbs.AST.Program | undefined, scope: Scope): string {
    let out = '';
    for (const node of program?.body ?? []) out += this.statement(node, scope);
    return out;
  }

  private statement(node: Node, scope: Scope): string {
    switch (node.type) {
      case 'ContentStatement':
        return (node as hbs.AST.ContentStatement).value;
      case 'CommentStatement':
        return '';
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        const value = this.call(m.path, m.params, m.hash, scope, null);
        return m.escaped ? escapeExpression(value) : String(value ?? '');
      }
      case 'BlockStatement':
        return this.block(node as hbs.AST.BlockStatement, scope);
      default:
        throw new Error(`Templates here do not support ${node.type.replace('Statement', '').toLowerCase()}s`);
    }
  }

  /** A path, literal or sub-expression as a value. */
  private value(node: Node, scope: Scope): unknown {
    switch (node.type) {
      case 'PathExpression':
        return this.lookup(node as hbs.AST.PathExpression, scope);
      case 'SubExpression': {
        const s = node as hbs.AST.SubExpression;
        return this.call(s.path as hbs.AST.PathExpression, s.params, s.hash, scope, null);
      }
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
        return (node as hbs.AST.StringLiteral).value;
      case 'NullLiteral':
        return null;
      default:
        return undefined;
    }
  }

  private lookup(path: hbs.AST.PathExpression, scope: Scope): unknown {
    let frame: Scope = scope;
    for (let i = 0; i < path.depth && frame.parent; i++) frame = frame.parent;
    if (path.data) return path.parts.slice(1).reduce(own, frame.data[path.parts[0]]);
    return path.parts.reduce(own, frame.context);
  }

  /** A mustache or block: a helper call when its name is a helper (or it has arguments), else a lookup. */
  private call(pathNode: hbs.AST.Expression, params: hbs.AST.Expression[], hash: hbs.AST.Hash | undefined, scope: Scope, block: hbs.AST.BlockStatement | null): unknown {
    const path = pathNode as hbs.AST.PathExpression;
    const name = path.type === 'PathExpression' && path.parts.length === 1 && !path.data && path.depth === 0 ? path.parts[0] : null;
    const helper = name ? this.helpers.get(name) : undefined;
    if (!helper) {
      if (params.length || hash) throw new Error(`Missing helper: "${path.original ?? name}"`);
      return this.value(path, scope);
    }
    const args = params.map((p) => this.value(p, scope));
    const hashValues = Object.fromEntries((hash?.pairs ?? []).map((pair) => [pair.key, this.value(pair.value, scope)]));
    const options = {
      hash: hashValues,
      data: scope.data,
      fn: (context: unknown, opts?: { data?: Record<string, unknown> }) => this.program(block?.program, { context, data: { ...scope.data, ...opts?.data }, parent: scope }),
      inverse: (context: unknown) => this.program(block?.inverse, { context, data: scope.data, parent: scope }),
    };
    return helper(...args, options);
  }

  private block(node: hbs.AST.BlockStatement, scope: Scope): string {
    const name = (node.path as hbs.AST.PathExpression).original;
    const arg = node.params[0] ? this.value(node.params[0], scope) : undefined;
    const inner = (context: unknown, data: Record<string, unknown> = {}) => this.program(node.program, { context, data: { ...scope.data, ...data }, parent: scope });
    const otherwise = () => this.program(node.inverse, scope);
    switch (name) {
      case 'if':
        return isEmpty(arg) ? otherwise() : inner(scope.context);
      case 'unless':
        return isEmpty(arg) ? inner(scope.context) : otherwise();
      case 'with':
        return isEmpty(arg) ? otherwise() : inner(arg);
      case 'each':
        return this.each(arg, inner, otherwise);
      default: {
        if (this.helpers.has(name)) return String(this.call(node.path, node.params, node.hash, scope, node) ?? '');
        // A block over a value: a section, like #with for objects and #each for lists.
        const value = this.lookup(node.path as hbs.AST.PathExpression, scope);
        if (Array.isArray(value)) return this.each(value, inner, otherwise);
        return isEmpty(value) ? otherwise() : inner(value === true ? scope.context : value);
      }
    }
  }

  private each(list: unknown, inner: (context: unknown, data?: Record<string, unknown>) => string, otherwise: () => string): string {
    const entries: Array<[string | number, unknown]> = Array.isArray(list)
      ? list.map((v, i) => [i, v])
      : list && typeof list === 'object'
        ? Object.keys(list).map((k) => [k, (list as Record<string, unknown>)[k]])
        : [];
    if (!entries.length) return otherwise();
    return entries.map(([key, v], i) => inner(v, { index: i, key, first: i === 0, last: i === entries.length - 1 })).join('');
  }
}
