/** The sentences code and templates place, kept in content/strings.json; `{0}`, `{1}`... are the values given. */
import strings from '../../content/strings.json' with { type: 'json' };

export type StringKey = keyof typeof strings;
export const STRINGS: Readonly<Record<StringKey, string>> = strings;

/** A string as text: its values put in its placeholders. */
export function say(key: StringKey, ...values: readonly unknown[]): string {
  return strings[key].replace(/\{(\d+)\}/g, (_, i: string) => String(values[Number(i)]));
}
