/**
 * Compiling and running a user's template with the `handlebars` package, in an environment of its own
 * with the incumbent's helpers. Its output is HTML to sanitise, never to trust.
 */
import Handlebars from 'handlebars';
import { registerTemplateHelpers } from './helpers';

/** The incumbent's default template: each row as JSON in a list. */
export const DEFAULT_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;

let env: ReturnType<typeof Handlebars.create> | undefined;
const templates = new Map<string, HandlebarsTemplateDelegate>();

/** The chart's Handlebars environment, created on first use (helpers registered once, not globally). */
function environment(): ReturnType<typeof Handlebars.create> {
  if (!env) {
    env = Handlebars.create();
    registerTemplateHelpers(env);
  }
  return env;
}

/**
 * The template's output over `context`. A syntax error or a helper's error is thrown with the template's
 * own message, for the chart's error panel.
 *
 * @example
 * renderTemplate('{{#each data}}{{name}} {{/each}}', { data: [{ name: 'a' }, { name: 'b' }] }); // 'a b '
 */
export function renderTemplate(source: string, context: object): string {
  let template = templates.get(source);
  if (!template) {
    // Handlebars' defaults deny prototype access: a template cannot reach constructors or __proto__.
    template = environment().compile(source);
    // A few templates per page; an editor typing one does not grow the cache without end.
    if (templates.size >= 32) templates.clear();
    templates.set(source, template);
  }
  return template(context);
}
