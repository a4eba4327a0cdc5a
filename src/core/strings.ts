/**
 * The site's sentences that code places (captions, notes, labels, alternative text), kept with
 * the rest of its prose in content/strings.json, where the claims check reads them. `{0}`, `{1}`...
 * stand for the values given, in order.
 */
import strings from '../../content/strings.json' with { type: 'json' };

export type StringKey = keyof typeof strings;

export function say(key: StringKey, ...values: readonly unknown[]): string {
  return strings[key].replace(/\{(\d+)\}/g, (_, i: string) => String(values[Number(i)]));
}
