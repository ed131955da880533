/**
 * An Accept-Language header (RFC 9110 §12.5.4) as the browser's ordered wishes, for bestLocale(): the most
 * wanted first, ties in the header's order, refusals (`q=0`) and the wildcard left out.
 */

interface Wish {
  tag: string;
  weight: number;
  position: number;
}

/** One `tag;q=0.8` entry; a missing or unreadable weight counts as 1, as the RFC's default. */
function wishOf(entry: string, position: number): Wish | null {
  const [rawTag, ...params] = entry.split(';');
  const tag = rawTag.trim();
  if (!tag || tag === '*') return null;
  const q = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
  const weight = q === undefined ? 1 : Number(q.slice(2));
  return { tag, weight: Number.isFinite(weight) ? weight : 1, position };
}

/**
 * The tags of an Accept-Language header, most wanted first.
 *
 * @example
 * acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5'); // ['fr-CH', 'fr', 'en', 'de']
 * acceptedLanguages('en;q=0.5, ja'); // ['ja', 'en']
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map(wishOf)
    .filter((wish): wish is Wish => wish !== null && wish.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .map((wish) => wish.tag);
}
