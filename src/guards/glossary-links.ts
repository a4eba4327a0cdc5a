/** A glossary term's first use in a paragraph of an MDX page (not headings, code or figures) sits in <Term of>. */
import { DATA_COMPONENTS, parseMdxBody, splitFrontmatter, type MdxNode as Node } from './mdx-tree.ts';
import { GLOSSARY, GLOSSARY_TERMS, type GlossaryTerm } from '../findings/glossary.ts';

export interface UnlinkedUse {
  readonly term: GlossaryTerm;
  readonly line: number;
  readonly word: string;
}

export function unlinkedFirstUses(source: string): UnlinkedUse[] {
  const tree = parseMdxBody(splitFrontmatter(source).body);
  const seen = new Set<GlossaryTerm>();
  const out: UnlinkedUse[] = [];
  const walk = (n: Node, inTerm: string | undefined, line: number): void => {
    const here = n.position?.start.line ?? line;
    if (n.type === 'heading' || n.type === 'code' || n.type === 'inlineCode' || n.type === 'mdxjsEsm') return;
    if ((n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n.name) {
      if (DATA_COMPONENTS.has(n.name)) return;
      // The glossary defines the terms; its own text needs no links.
      if (n.name === 'dl' && n.attributes?.some((a) => a.name === 'class' && a.value === 'glossary')) return;
      if (n.name === 'Term') {
        const of = n.attributes?.find((a) => a.name === 'of')?.value;
        (n.children ?? []).forEach((c) => walk(c, typeof of === 'string' ? of : undefined, here));
        return;
      }
    }
    if (n.type === 'text' && n.value) {
      for (const term of GLOSSARY_TERMS) {
        if (seen.has(term)) continue;
        const m = GLOSSARY[term].exec(n.value);
        if (!m) continue;
        seen.add(term);
        if (inTerm !== term) out.push({ term, line: here, word: m[0] });
      }
      return;
    }
    (n.children ?? []).forEach((c) => walk(c, inTerm, here));
  };
  walk(tree, undefined, 1);
  return out;
}
