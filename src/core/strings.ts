/**
 * The site's sentences that code and templates place (captions, notes, labels, alternative text,
 * the text of the pages' frames), kept with the rest of its prose in content/strings.json, where
 * the claims check reads them. `{0}`, `{1}`... stand for the values given, in order.
 */
import strings from '../../content/strings.json' with { type: 'json' };

export type StringKey = keyof typeof strings;
export const STRINGS: Readonly<Record<StringKey, string>> = strings;

/** A string as text: its values put in its placeholders. */
export function say(key: StringKey, ...values: readonly unknown[]): string {
  return strings[key].replace(/\{(\d+)\}/g, (_, i: string) => String(values[Number(i)]));
}
