import { DISPLAY_LOCALE } from "./display-locale";

const RULES = new Intl.PluralRules(DISPLAY_LOCALE);
const NUMBER = new Intl.NumberFormat(DISPLAY_LOCALE);

/** The form of a word that goes with `count`: pluralNoun(1, "option") is "option", pluralNoun(2, "option") "options". */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return RULES.select(count) === "one" ? one : other;
}

/**
 * A count with its word, grammatical: "1 option", "2 options", "0 deliveries", "1,204 addresses".
 * `other` defaults to `one` + "s"; give it for any other plural ("delivery", "deliveries").
 */
export function formatCount(count: number, one: string, other = `${one}s`): string {
  return `${NUMBER.format(count)} ${pluralNoun(count, one, other)}`;
}

/** A list's count line: "3 orders match the filters." when filtered, else "3 orders in all." */
export function formatListCount(count: number, one: string, filtered: boolean): string {
  return filtered ? `${formatCount(count, one)} ${RULES.select(count) === "one" ? "matches" : "match"} the filters.` : `${formatCount(count, one)} in all.`;
}
