/**
 * A user's template over the query result: parsed by the `handlebars` package and run by walking its
 * syntax tree (evaluate.ts: Handlebars.compile needs `new Function`, which Lumen's CSP forbids), with the
 * incumbent's helpers. Its output is HTML to sanitise, never to trust.
 */
// The package's parser alone: its compiler evaluates code and is most of its size.
import { parse } from 'handlebars/dist/cjs/handlebars/compiler/base.js';
import type {} from 'handlebars';
import { TemplateRunner } from './evaluate';
import { registerTemplateHelpers } from './helpers';

/** The incumbent's default template: each row as JSON in a list. */
export const DEFAULT_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;

let runner: TemplateRunner | undefined;
const programs = new Map<string, hbs.AST.Program>();

/** The helpers, collected once into the runner (never registered on Handlebars' shared global). */
function templateRunner(): TemplateRunner {
  if (!runner) {
    const helpers = new Map<string, (...args: unknown[]) => unknown>();
    registerTemplateHelpers({ registerHelper: (name, fn) => helpers.set(name, fn as (...args: unknown[]) => unknown) });
    runner = new TemplateRunner(helpers);
  }
  return runner;
}

/**
 * The template's output over `context`. A syntax error or a helper's error is thrown with its message,
 * for the chart's error panel.
 *
 * @example
 * renderTemplate('{{#each data}}{{name}} {{/each}}', { data: [{ name: 'a' }, { name: 'b' }] }); // 'a b '
 */
export function renderTemplate(source: string, context: object): string {
  let program = programs.get(source);
  if (!program) {
    program = parse(source);
    // A few templates per page; an editor typing one does not grow the cache without end.
    if (programs.size >= 32) programs.clear();
    programs.set(source, program);
  }
  return templateRunner().run(program, context);
}
