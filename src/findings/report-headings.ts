/**
 * The report's own heading for each finding it places, read from the report's MDX source:
 * the first heading inside the finding's <Finding> element, or else the last heading
 * before it. A property page labels its link to the report with it, so the label is
 * always a heading the report shows.
 */
export function reportHeadings(source: string): ReadonlyMap<string, string> {
  const headings = [...source.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*$/gm)].map((m) => ({
    at: m.index,
    text: m[1]!.replaceAll('`', ''),
  }));
  const out = new Map<string, string>();
  for (const m of source.matchAll(/<Finding id="([^"]+)">/g)) {
    const end = source.indexOf('</Finding>', m.index);
    const inside = headings.find((h) => h.at > m.index && (end < 0 || h.at < end));
    const before = headings.filter((h) => h.at < m.index).at(-1);
    const heading = inside ?? before;
    if (heading && !out.has(m[1]!)) out.set(m[1]!, heading.text);
  }
  return out;
}
