/**
 * Types of the two modules of the `handlebars` package this chart loads: its parser and its HTML escaping,
 * without the compiler and runtime (which evaluate code and would triple the chart's chunk).
 */
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  export function parse(input: string): hbs.AST.Program;
}
declare module 'handlebars/dist/cjs/handlebars/utils.js' {
  export function escapeExpression(value: unknown): string;
}
