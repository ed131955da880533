/**
 * Absent, empty or English (`en`, `en-GB`, `en_US`): the source text, nothing to load. On its own so that a
 * page in English can tell without importing the catalogue loading (<bi-chart> lite's first load).
 *
 * @example
 * isSourceLocale('en_GB'); // true
 * isSourceLocale('pt_BR'); // false
 */
export const isSourceLocale = (tag: string | null | undefined): tag is null | undefined | '' => !tag?.trim() || /^en([-_]|$)/i.test(tag.trim());
