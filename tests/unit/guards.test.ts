import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { assertConclusion, CONCLUSIONS } from '../../src/measures/conclusions.ts';
import {
  checkBuiltSite,
  holdsProblems,
  packetGaps,
  scanHtml,
  shownOnProblems,
  unlistedRederivations,
} from '../../src/guards/built-html.ts';
import { describeProblem } from '../../src/core/problem.ts';
import { readHtml } from '../../src/core/html-tree.ts';
import { checkMdxSource, MAX_PROSE_BYTES, MAX_PROSE_DEPTH } from '../../src/guards/mdx-source.ts';
import { looseFigures } from '../../src/guards/allowlist.ts';
import { MDX_COMPONENT_NAMES } from '../../src/components/mdx-component-names.ts';
import { pythonCanonicalJson } from '../../src/admission/digest.ts';
import type { JsonValue } from '../../src/admission/parse.ts';
import { LOCK, PROJECT, SHARED, makeCopy, type Copy } from '../support/fixture.ts';
import { builtSite, BUILT_BASE } from '../support/built-site.ts';

const audit = await assembleAudit({ root: SHARED, lockPath: LOCK });

describe('built-HTML figure check', () => {
  const MUST_CATCH = [
    '0.973',
    '1.000',
    '0.4725',
    '97.3%',
    '74,865',
    '74865',
    '129.1x',
    '0.973x',
    '3,205 substrings',
    'line 54',
  ];
  for (const text of MUST_CATCH) {
    test(`catches ${JSON.stringify(text)} in text, alt, title and aria-label`, () => {
      const token = text.split(' ')[0] === 'line' ? '54' : text.split(' ')[0]!;
      for (const html of [
        `<p>The score is ${text} here.</p>`,
        `<img alt="a ${text} chart" src="x.png">`,
        `<span title="about ${text}">x</span>`,
        `<button aria-label="show ${text}">x</button>`,
      ]) {
        const v = scanHtml(`<!doctype html><html><body>${html}</body></html>`, 'page.html');
        assert.equal(v.length, 1, `${html} -> ${JSON.stringify(v)}`);
        assert.ok(v[0]!.token.includes(token), v[0]!.token);
      }
    });
  }
  test('a number inside a figure element, a citation link or the allowlist passes', () => {
    const html = `<p><span class="fig" data-fig="score">0.973</span> <a data-fig="cite" href="#">line 54</a>
      P3 and P9, Table 1 and Table 5, arXiv:2505.08638v3, SHA-256.</p>`;
    assert.deepEqual(scanHtml(`<html><body>${html}</body></html>`, 'p.html'), []);
  });
  test('a table cell marked as a figure vouches for its own value, not for anything else put inside it', () => {
    const cell = (inner: string) =>
      scanHtml(
        `<html><body><table><tr><td data-fig="score" data-source="artifact">${inner}</td><td data-fig="words"><bdi>split 7</bdi></td></tr></table></body></html>`,
        'p.html',
      );
    assert.deepEqual(cell('0.973<span class="flag">differs</span>'), []);
    assert.deepEqual(
      cell('0.973<span class="flag">by 12</span>').map((x) => x.token),
      ['12'],
    );
    assert.deepEqual(
      scanHtml('<html><body><table><tr><td data-label="joint">0.973</td></tr></table></body></html>', 'p.html').map(
        (x) => x.token,
      ),
      ['0.973'],
    );
  });
  test('the title and the meta description are read too', () => {
    const v = scanHtml(
      '<html><head><title>Scores 0.97</title><meta name="description" content="now 12 more"></head><body></body></html>',
      'p.html',
    );
    assert.deepEqual(
      v.map((x) => x.token),
      ['0.97', '12'],
    );
  });
  test('a script body is not reader text', () => {
    assert.deepEqual(scanHtml('<html><body><script>var a = 1;</script></body></html>', 'p.html'), []);
  });
  test("a number in any script's digits, or as a superscript, fraction or numeral, is caught", () => {
    for (const text of ['０.９７３', '𝟎.𝟗𝟕𝟑', '٠٫٩٧٣', '¾', '⁹⁷³', 'Ⅻ']) {
      assert.deepEqual(
        scanHtml(`<html><body><p>Scores ${text} here.</p></body></html>`, 'p.html').map((x) => x.token),
        [text],
        text,
      );
    }
  });
  test("a field's value, an option's label and a list's numbering are reader text", () => {
    const v = scanHtml(
      '<html><body><input value="0.973" readonly><select><option label="0.812">x</option></select><ol start="1973"><li>x</li></ol></body></html>',
      'p.html',
    );
    assert.deepEqual(
      v.map((x) => [x.place.split('[')[1], x.token]),
      [
        ['value]', '0.973'],
        ['label]', '0.812'],
        ['start]', '1973'],
      ],
    );
  });
  test('an element that loads its content from a data: URL is refused, whatever the URL holds', () => {
    const svg = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E%3Ctext%3Ex%3C/text%3E%3C/svg%3E';
    for (const html of [
      `<img src="${svg}">`,
      `<img srcset=" DATA:image/png;base64,AAAA 2x">`,
      `<svg><image href="${svg}"/></svg>`,
      `<object data="${svg}"></object>`,
    ]) {
      const v = scanHtml(`<html><body>${html}</body></html>`, 'p.html');
      assert.equal(v.length, 1, html);
      assert.match(v[0]!.message, /loads its content from a data: URL/);
    }
    assert.deepEqual(scanHtml('<html><body><img src="share/p1.png" alt="x"></body></html>', 'p.html'), []);
  });
});

describe('MDX source check', () => {
  const check = (src: string) => checkMdxSource(src, 'content/x.mdx', audit, MDX_COMPONENT_NAMES);
  /** A page with the frontmatter every page needs, `body` from line 4. */
  const titled = (body: string) => check(`---\ntitle: T\n---\n${body}`);
  test('the real prose passes', () => {
    for (const f of ['report.mdx', 'method.mdx', 'properties/p1.mdx', 'properties/p8.mdx']) {
      assert.deepEqual(
        checkMdxSource(readFileSync(join(PROJECT, 'content', f), 'utf8'), f, audit, MDX_COMPONENT_NAMES),
        [],
      );
    }
  });
  test('a figure in prose is reported with file, line and column', () => {
    const p = check('---\ntitle: T\n---\n\n# Head\n\nWe found 3,205 substrings.\n');
    assert.equal(p.length, 1);
    assert.deepEqual([p[0]!.file, p[0]!.place], ['content/x.mdx', '7:10']);
    assert.match(describeProblem(p[0]!), /^content\/x\.mdx:7:10: /);
    assert.match(p[0]!.message, /"3,205"/);
  });
  test('MDX the parser cannot read is reported at its line and column in the file, past the frontmatter', () => {
    const p = check('---\ntitle: T\n---\n\nText.\n\nHello <Leaf at="x"\n');
    assert.deepEqual(
      p.map((x) => x.place),
      ['7:7'],
    );
    assert.match(p[0]!.message, /^not valid MDX: Unexpected character after `<`/);
    // A position inside the parser's message is the file's too.
    assert.match(check('---\ntitle: T\n---\n\n<Term of="span">x\n')[0]!.message, /\(5:1\)/);
  });
  test('an import or export in the prose is refused: it could define a component, or a figure', () => {
    const p = titled('Text.\n\nexport const Term = (p) => <span data-fig="">0.973</span>\n');
    assert.deepEqual(
      p.map((x) => x.place),
      ['6:1'],
    );
    assert.match(p[0]!.message, /an import or export in prose/);
    assert.match(
      titled("import X from './x.ts'\n\nText.\n")
        .map((x) => x.message)
        .join('\n'),
      /an import or export in prose/,
    );
  });
  test('the frontmatter ends where Astro ends it: what follows its closing fence on the same line is prose', () => {
    const p = check('---\ntitle: T\n---<em>{Math.PI}</em>\n\n---\n');
    assert.deepEqual(
      p.map((x) => x.place),
      ['3:8'],
    );
    assert.match(p[0]!.message, /a JavaScript expression in prose/);
  });
  test('a frontmatter with CRLF line ends is read as frontmatter, its digits placed on its own lines', () => {
    assert.deepEqual(check('---\r\ntitle: Scores {high}\r\n---\r\n\r\nText.\r\n'), []);
    assert.deepEqual(
      check('---\r\ntitle: T\r\ndescription: Top 10\r\n---\r\n\r\nText.\r\n').map((x) => [x.place, x.message]),
      [['3:18', 'digit in frontmatter: "10"']],
    );
  });
  test('prose nested deeper than any page is refused in one message, not a crash, however deep', () => {
    for (const levels of [MAX_PROSE_DEPTH + 5, 20000]) {
      const p = titled(`${'> '.repeat(levels)}We found 3,205 substrings.\n`);
      assert.deepEqual(
        p.map((x) => x.message),
        [
          `prose nested more than ${MAX_PROSE_DEPTH} levels deep: no page nests so deep, and what is inside is not read`,
        ],
        String(levels),
      );
    }
    assert.deepEqual(
      titled(`${'> '.repeat(MAX_PROSE_DEPTH - 5)}We found 3,205 substrings.\n`).map((x) => x.message.slice(0, 21)),
      ['hand-typed figure "3,'],
    );
  });
  test('a figure on a later line of a paragraph is placed on its own line and column', () => {
    assert.deepEqual(
      titled('Text.\n\nLine one\nand two\nand three 42 here.\n').map((x) => x.place),
      ['8:11'],
    );
    // Written as an entity, the figure is placed where its text starts on its line.
    assert.deepEqual(
      titled('Tom &amp; Jerry &amp; friends, about &frac34; of them.\n').map((x) => x.place),
      ['4:1'],
    );
    assert.deepEqual(
      titled('Tom &amp; Jerry &amp; friends, about ¾ of them.\n').map((x) => x.place),
      ['4:38'],
    );
  });
  test('a prose file longer than any page is refused before it is parsed', () => {
    assert.deepEqual(
      titled(`${'Text. '.repeat(MAX_PROSE_BYTES / 6)}\n`).map((x) => x.message.slice(0, 14)),
      ['a prose file o'],
    );
  });
  test('a figure component written against the word beside it is refused: it would read as one number with it', () => {
    const at = 'results/adversarial.json#/splits/GAIA/predictors/all-spans-all-categories/joint_accuracy';
    for (const glued of [
      `It scores P1<Leaf at="${at}" as="score" /> here.`,
      `It scores <Leaf at="${at}" as="score" />x here.`,
      `Table 1.<Leaf at="${at}" as="score" /> now.`,
    ]) {
      assert.match(
        titled(glued)
          .map((x) => x.message)
          .join('\n'),
        /<Leaf> written against what is beside it/,
        glued,
      );
    }
    assert.deepEqual(
      titled(`It scores <Leaf at="${at}" as="score" />, against P1 (<Leaf at="${at}" as="score" />).`),
      [],
    );
    // Through emphasis, code and a component, past a zero-width space, and against another figure.
    const leaf = `<Leaf at="${at}" as="score" />`;
    for (const glued of [
      `Em **P1**${leaf} here.`,
      `Code \`P1\`${leaf} here.`,
      `A <Term of="gold">gold</Term>${leaf} here.`,
      `Zwsp P1\u200b${leaf} here.`,
      `Two ${leaf}${leaf} here.`,
      // Past an empty element, from outside emphasis, past a combining mark, and with separators and signs that read as part of a number.
      `<p>P1${leaf}</p>`,
      `<details class="more">\n<summary>P1${leaf}</summary>\n\nText.\n</details>`,
      `<strong>P1${leaf}</strong>`,
      `<em>SHA-256${leaf}</em>`,
      `<p>${leaf}${leaf}</p>`,
      `As a document, <PreRegistrationLink />${leaf}.`,
      `Empty P1<em></em>${leaf} here.`,
      `Inside P1<em>${leaf}</em> here.`,
      `Mark P1\u0301${leaf} here.`,
      `Arabic ${leaf}\u066b${leaf} here.`,
      `A score of \u2212${leaf} here.`,
      `Range ${leaf}-${leaf} here.`,
      `Ratio ${leaf}/${leaf} here.`,
    ]) {
      assert.match(
        titled(glued)
          .map((x) => x.message)
          .join('\n'),
        /<Leaf> written against what is beside it/,
        glued,
      );
    }
  });
  test('a figure in a fenced block is placed on its own line, not the fence', () => {
    assert.deepEqual(
      titled('Text.\n\n```\nfoo 97\n```\n').map((x) => x.place),
      ['7:5'],
    );
  });
  test("the paper's identifier is allowed as the site cites it, with or without that version, and not with another", () => {
    assert.deepEqual(looseFigures('arXiv:2505.08638v3 and arXiv:2505.08638, cited.'), []);
    assert.deepEqual(looseFigures('The paper is arXiv:2505.08638v97 here.'), ['arXiv:2505.08638v97']);
  });
  test('a link title with a number, and an unknown FindingEvidence kind, are refused at their place', () => {
    assert.deepEqual(
      titled('See [the report](method/ "score 42 percent").\n').map((x) => x.place),
      ['4:5'],
    );
    assert.match(
      titled('<FindingEvidence of="teaser" kind="nope" />')
        .map((x) => x.message)
        .join('\n'),
      /a kind is "table" or "chart"/,
    );
  });
  const HTML_REFUSED: [string, RegExp][] = [
    ['<div data-fig="">\n\nText.\n\n</div>', /<div> is not HTML the prose may write/],
    ['<p data-fig="">x</p>', /<p data-fig>: not an attribute the prose may set/],
    ['<p style="list-style-type: x">x</p>', /<p style>: not an attribute/],
    ['<p class="fig compact">x</p>', /class="fig">: not one of the classes/],
    ['<dt id="x" title="t">x</dt>', /<dt title>: not an attribute/],
    ['<p aria-roledescription="r">x</p>', /<p aria-roledescription>/],
    ['<style>{".a{}"}</style>', /<style> is not HTML/],
    ['<iframe srcdoc="x" />', /<iframe> is not HTML/],
    ['<noscript>\n\nText.\n\n</noscript>', /<noscript> is not HTML/],
    ['<svg><path d="M0 0" /></svg>', /<svg> is not HTML/],
    ['<span>x</span> here.', /<span> is not HTML/],
    ["<script>{'x'}</script>", /<script> is not HTML/],
    ['<meta http-equiv="refresh" content="0; url=https://evil.example/" />', /<meta> is not HTML/],
  ];
  for (const [src, expected] of HTML_REFUSED) {
    test(`refuses the HTML ${JSON.stringify(src.slice(0, 40))}`, () => {
      assert.match(
        check(src)
          .map((x) => x.message)
          .join('\n'),
        expected,
      );
    });
  }
  const ROUND_THREE: [string, RegExp][] = [
    ['<h2 title="Recall is 97 percent">A heading</h2>', /<h2> is not HTML the prose may write/],
    [
      '<FindingEvidence of="teaser" audit="none" />',
      /<FindingEvidence audit>: not an attribute the prose may give <FindingEvidence> \(of, kind;/,
    ],
    ['<Term of="span" title="x">span</Term>', /<Term title>: not an attribute/],
    ['A claim.[^a]\n\n[^a]: A note.\n', /a footnote in prose/],
    ['![a chart](chart.png)', /an image in prose/],
    [
      'See [the note](https://github.com/example/notes/blob/main/recall-is-ninety.md).',
      /a link out of the site in prose/,
    ],
    ['See [the note][n].\n\n[n]: //example.org/x', /a link out of the site in prose/],
    ['## !!!\n', /a heading without a word/],
  ];
  for (const [src, expected] of ROUND_THREE) {
    test(`refuses ${JSON.stringify(src.slice(0, 50))}`, () =>
      assert.match(
        titled(src)
          .map((x) => x.message)
          .join('\n'),
        expected,
      ));
  }
  test('links within the site, and headings with words, pass', () => {
    assert.deepEqual(
      titled('See [the method](method/), [a section](#limits) and [P8](properties/p8/).\n\n## What it moves\n'),
      [],
    );
  });
  test('the frontmatter holds only the fields its page reads, each a non-empty string, with its numbers checked as YAML decodes them', () => {
    const placed = (src: string, file = 'content/properties/p3.mdx') =>
      checkMdxSource(src, file, audit, MDX_COMPONENT_NAMES).map((x) => `${x.place} ${x.message}`);
    assert.deepEqual(placed('---\ntitle: T\nsubtitle: extra\n---\n\nText.\n'), [
      '3:1 frontmatter "subtitle": not a field any page reads (src/pages/_frontmatter.ts lists what each page reads)',
    ]);
    assert.deepEqual(placed('---\ndescription: D\n---\n\nText.\n', 'content/method.mdx'), [
      '1:1 frontmatter "title": missing: the page reads it (src/pages/_frontmatter.ts lists what each page reads)',
    ]);
    assert.deepEqual(placed('---\ntitle: T\ndescription: D\n---\n\nText.\n'), [
      '3:1 frontmatter "description": not a field any page reads (src/pages/_frontmatter.ts lists what each page reads)',
    ]);
    assert.deepEqual(placed('---\ntitle: "About \\xbd of them"\n---\n\nText.\n'), [
      '2:1 digit in frontmatter "title", as YAML decodes it: "½"',
    ]);
    assert.deepEqual(
      placed('\n---\ntitle: a: b\n---\n\nText.\n').map((x) => x.replace(/: .*/, ':')),
      ['3:9 frontmatter that does not parse:'],
    );
    assert.deepEqual(
      placed('+++\ntitle = "T"\n\noops = = "x"\n+++\n\nText.\n').map((x) => x.replace(/: .*/, ':')),
      ['4:8 frontmatter that does not parse:'],
    );
  });
  test('a numbered list is refused, whatever it starts at: the browser numbers its items', () => {
    assert.match(
      titled('Text.\n\n42. item\n43. next\n')
        .map((x) => `${x.place} ${x.message}`)
        .join('\n'),
      /^6:1 a numbered list:/,
    );
    assert.match(
      titled('Text.\n\n1. item\n1. next\n')
        .map((x) => `${x.place} ${x.message}`)
        .join('\n'),
      /^6:1 a numbered list:/,
    );
    assert.deepEqual(titled('Text.\n\n- item\n- next\n'), []);
  });
  test('a symbol drawn with digits is a number: it decomposes to them', () => {
    assert.deepEqual(looseFigures('wins by ㏾ points on ㍰ of them'), ['㏾', '㍰']);
  });
  const REFUSED: [string, RegExp][] = [
    ['Scores of 0.973 are high.', /hand-typed figure "0.973"/],
    ['See `line 54`.', /"54"/],
    ['```\nvalue = 0.4725\n```', /"0.4725"/],
    ['---\ntitle: Top 10\n---\nx', /frontmatter/],
    ['A <Leaf at="results/adversarial.json#/splits/GAIA/nope" as="score" /> value.', /names no leaf/],
    ['A <Leaf at="results/adversarial.json#/table_1" as="score" /> value.', /not a number/],
    ['A <Leaf at="results/nope.json#/x" as="score" /> value.', /results\/nope\.json: no such artifact/],
    ['A <Leaf at="results/adversarial.json#/splits/GAIA/gold_errors" as="fancy" /> value.', /not a figure kind/],
    ['A <Derived name="no/such" /> value.', /no such derivation/],
    ['<Holds that="everything-is-fine">Fine.</Holds>', /no such conclusion/],
    ['A <Term of="widget">widget</Term> here.', /no such glossary term/],
    ['<Finding id="nineteenth">x</Finding>', /no such finding/],
    ['<FindingEvidence of="nineteenth" />', /<FindingEvidence of="nineteenth">: no such finding/],
    ['See <ScorerLines at="16" />.', /scorer line map/],
    ['<Sneaky />', /not one of the components/],
    ['Two is {1 + 1}.', /expression/],
  ];
  for (const [src, expected] of REFUSED) {
    test(`refuses ${JSON.stringify(src.slice(0, 50))}`, () => {
      const p = check(src);
      assert.ok(p.length >= 1, 'no problem reported');
      assert.match(p.map((x) => x.message).join('\n'), expected);
    });
  }
});

describe("a page's re-derivations against its figures' notes", () => {
  const page = (listed: string[], named: string[]) =>
    readHtml(
      `<main><ul>${listed.map((n) => `<li data-rederivation="${n}">x</li>`).join('')}</ul>${named.map((n) => `<td data-rederived="${n}">x</td>`).join('')}</main>`,
    );
  test('a figure naming a re-derivation the list leaves out is reported, naming it', () => {
    assert.deepEqual(
      unlistedRederivations(
        page(['span-index'], ['span-index', 'reference-predictors']),
        'properties/p2/index.html',
        true,
      ).map(describeProblem),
      [
        'properties/p2/index.html at Re-derived at build: a figure on this page names the re-derivation "reference-predictors", which the page\'s list does not: add this property to its properties (src/rederive/)',
      ],
    );
  });
  test('a list that covers every named one passes, and a page that lists none is not judged', () => {
    assert.deepEqual(unlistedRederivations(page(['span-index', 'verdicts'], ['span-index']), 'a.html', true), []);
    assert.deepEqual(unlistedRederivations(page([], ['span-index']), 'a.html', false), []);
  });
  test("a property page's empty list is judged: emptying it does not switch the check off", () => {
    assert.equal(unlistedRederivations(page([], ['pairing']), 'properties/p8/index.html', true).length, 1);
  });
});

describe("a property page's evidence against its packet", () => {
  const page = readHtml(
    '<main><p><span data-source="artifact" data-file="a.json" data-pointer="/prose">1</span></p><section data-finding="x"><td data-source="artifact" data-file="a.json" data-pointer="/cell">2</td></section></main>',
  );
  const packet = (pointers: string[]) =>
    JSON.stringify({ leaves: pointers.map((pointer) => ({ file: 'a.json', pointer })) });
  test("a value the page's evidence shows and the packet lacks is reported, naming it", () => {
    assert.deepEqual(packetGaps(page, 'properties/p1/index.html', packet([])).map(describeProblem), [
      'properties/p1/index.html at evidence.json: the page shows a.json#/cell in its verdict or evidence, which its evidence packet does not hold',
    ]);
  });
  test('a packet holding every value of the evidence passes; a value in the prose is not asked of it', () => {
    assert.deepEqual(packetGaps(page, 'p.html', packet(['/cell'])), []);
  });
  test('a packet that is not JSON, or JSON without its list of leaves, is reported as what it is', () => {
    assert.deepEqual(packetGaps(page, 'p.html', '{').map(describeProblem), [
      'p.html at evidence.json: the evidence packet beside this page is not JSON',
    ]);
    for (const bad of ['null', '{"leaves":{}}', '{"leaves":[null]}']) {
      assert.deepEqual(
        packetGaps(page, 'p.html', bad).map(describeProblem),
        [
          'p.html at evidence.json: the evidence packet beside this page has no list of leaves, each with a file and a pointer',
        ],
        bad,
      );
    }
  });
  test("the verdict box and a chart's drawn marks are held to the packet too", () => {
    const more = readHtml(
      '<main><section class="verdict-hero x"><span data-source="artifact" data-file="a.json" data-pointer="/verdict">V</span></section><div data-finding="y"><svg><g><title>Tool Error, reached by 1 characters: results/normaliser.json#/shortest_reaching/Tool Error/length</title></g></svg></div></main>',
    );
    assert.deepEqual(
      packetGaps(more, 'p.html', packet([])).map((p) => p.message),
      [
        'the page shows a.json#/verdict in its verdict or evidence, which its evidence packet does not hold',
        'the page shows results/normaliser.json#/shortest_reaching/Tool Error/length in its verdict or evidence, which its evidence packet does not hold',
      ],
    );
  });
});

describe('conclusions against the sentences that state them', () => {
  const pages = (html: string) => [{ rel: 'index.html', document: readHtml(html) }];
  test('a conclusion wrapping no sentence, and a listed one no page states, are each reported', () => {
    assert.deepEqual(
      holdsProblems(pages('<p><span data-holds="a"></span><span data-holds="b">It holds.</span></p>'), [
        'a',
        'b',
        'c',
      ]).map(describeProblem),
      [
        'index.html at [data-holds="a"]: the conclusion "a" wraps no sentence',
        'src/measures/conclusions.ts at a: the conclusion "a" is stated by no sentence on any page, yet the method page lists it as one the site states',
        'src/measures/conclusions.ts at c: the conclusion "c" is stated by no sentence on any page, yet the method page lists it as one the site states',
      ],
    );
  });
  test('conclusions each stated by a sentence pass', () => {
    assert.deepEqual(
      holdsProblems(pages('<span data-holds="a">A.</span><span data-holds="b"><em>B</em>.</span>'), ['a', 'b']),
      [],
    );
  });
});

describe("a table download's sidecar against the pages that show the table", () => {
  const pages = [
    { dir: '', tables: new Set(['table-teaser']) },
    { dir: 'properties/p1/', tables: new Set(['table-teaser']) },
    { dir: 'properties/p2/', tables: new Set<string>() },
  ];
  const sidecar = (shown: unknown) => [
    { rel: 'data/table-teaser.csv.meta.json', table: 'table-teaser', text: JSON.stringify({ shown_on: shown }) },
  ];
  test('naming exactly the pages that show it passes, under a base path too', () => {
    assert.deepEqual(
      shownOnProblems(
        sidecar(['https://o.github.io/site/#table-teaser', 'https://o.github.io/site/properties/p1/#table-teaser']),
        pages,
        '/site/',
      ),
      [],
    );
  });
  test('leaving out a page that shows it (the report), or naming one that does not, is reported', () => {
    assert.deepEqual(
      shownOnProblems(
        sidecar([
          'http://localhost:4321/properties/p1/#table-teaser',
          'http://localhost:4321/properties/p2/#table-teaser',
        ]),
        pages,
      ).map(describeProblem),
      [
        'data/table-teaser.csv.meta.json at shown_on: names /properties/p2/, which does not show the table table-teaser',
        'data/table-teaser.csv.meta.json at shown_on: leaves out /, which shows the table table-teaser',
      ],
    );
  });
  test('a sidecar without its list is reported as such', () => {
    assert.equal(
      shownOnProblems(sidecar('x'), pages)[0]!.message,
      'expected a list of the addresses of the pages that show the table',
    );
  });
});

describe('findings registry, both ways', () => {
  const withDist = (fn: (dist: string) => void) => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    try {
      cpSync(builtSite(), dist, { recursive: true });
      fn(dist);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  };
  test('the built site places every finding and no other', () => {
    assert.deepEqual(checkBuiltSite(builtSite(), undefined, BUILT_BASE), []);
  });
  test('a finding removed from every page is reported', () => {
    withDist((dist) => {
      for (const page of ['index.html', 'properties/p9/index.html']) {
        const path = join(dist, page);
        writeFileSync(path, readFileSync(path, 'utf8').replaceAll('data-finding="table-5"', 'data-x="y"'));
      }
      assert.deepEqual(checkBuiltSite(dist, undefined, BUILT_BASE).map(describeProblem), [
        'src/findings/registry.ts: finding "table-5" is in the registry but placed on no page',
      ]);
    });
  });
  test('a placed finding the registry does not know is reported', () => {
    withDist((dist) => {
      const path = join(dist, 'index.html');
      const html = readFileSync(path, 'utf8');
      assert.match(html, /<main\b[^>]*>/);
      writeFileSync(
        path,
        html.replace(/<main\b[^>]*>/, (m) => `${m}<section data-finding="rumour"></section>`),
      );
      assert.deepEqual(checkBuiltSite(dist, undefined, BUILT_BASE).map(describeProblem), [
        'src/findings/registry.ts: a page places finding "rumour", which is not in the registry',
      ]);
    });
  });
});

describe('stated conclusions', () => {
  test('every conclusion holds on the real artifacts', () => {
    for (const name of Object.keys(CONCLUSIONS)) assertConclusion(audit, name);
  });
  test('every conclusion is stated by a sentence on the site: the method page lists only those', () => {
    // The register has a row for each <Holds> on the site, and its own test checks each row against the site.
    const rows = (JSON.parse(readFileSync('content/claims.register.json', 'utf8')) as { rows: { id: string }[] }).rows;
    const stated = new Set(rows.filter((r) => r.id.startsWith('holds:')).map((r) => r.id.slice('holds:'.length)));
    assert.deepEqual(
      Object.keys(CONCLUSIONS).filter((n) => !stated.has(n)),
      [],
    );
  });
  // Each tamper keeps the artifacts consistent with each other and with every re-derivation,
  // so admission passes and only the condition behind the sentence can catch it.
  const BROKEN: [(c: Copy) => void, string, string][] = [
    [
      (c) => {
        c.set('results/pairing.json', '/on_the_real_gold/falsy_categories', 1);
        c.set('results/pairing.json', '/properties/P8/verdict', 'VIOLATED');
        // The magnitude states the count too, and admission recomputes it.
        c.set(
          'results/pairing.json',
          '/properties/P8/magnitude',
          (c.get('results/pairing.json', '/properties/P8/magnitude') as string).replace('0 of 836', '1 of 836'),
        );
      },
      'p8-moves-nothing',
      'no real gold error carries a null',
    ],
    [
      (c) => {
        // The same consistent tamper as above: P8 becomes VIOLATED, so not all the verdicts the report lists hold.
        c.set('results/pairing.json', '/on_the_real_gold/falsy_categories', 1);
        c.set('results/pairing.json', '/properties/P8/verdict', 'VIOLATED');
        c.set(
          'results/pairing.json',
          '/properties/P8/magnitude',
          (c.get('results/pairing.json', '/properties/P8/magnitude') as string).replace('0 of 836', '1 of 836'),
        );
      },
      'no-property-held',
      'P8 is VIOLATED',
    ],
    [
      (c) => c.set('results/normaliser.json', '/shuffle/ambiguous_gold_spellings', ['Tool']),
      'p5-moves-nothing',
      'no gold spelling is ambiguous',
    ],
    [
      (c) => c.set('results/datacheck.json', '/unreadable/0/character', '}'),
      'unreadable-is-one-trailing-comma',
      'at a comma',
    ],
    [
      (c) => {
        c.set('results/datacheck.json', '/splits/GAIA/paper/spans', 3579);
        c.set('results/datacheck.json', '/splits/SWE Bench/paper/spans', 1047);
        c.set(
          'results/datacheck.json',
          '/properties/P9/magnitude',
          '6 of the 10 Table 5 cells this repository can compare disagree with the tree at 0ffbed9db859',
        );
      },
      'table-5-spans-differ-most',
      'span row',
    ],
    [
      (c) => c.set('results/datacheck.json', '/paper_prose/traces', 149),
      'abstract-totals-differ-from-table-5',
      "abstract's trace and error totals",
    ],
    [
      (c) => {
        // A trace whose span list carries words; every index-fed artifact re-recorded against it, so admission passes.
        const first = Object.keys(c.get('index/spans.json', '/splits/GAIA') as object)[0]!;
        const spans = c.get('index/spans.json', `/splits/GAIA/${first}`) as string[];
        c.set('index/spans.json', `/splits/GAIA/${first}`, [...spans.slice(0, -1), 'the agent said something here']);
        const canonical = pythonCanonicalJson(c.get('index/spans.json', '/splits') as JsonValue);
        const digest = createHash('sha256').update(canonical).digest('hex');
        for (const f of [
          'results/adversarial.json',
          'results/datacheck.json',
          'results/normaliser.json',
          'results/catf1.json',
        ] as const)
          c.set(f, '/index_sha256', digest);
      },
      'index-holds-identifiers-only',
      'the only artifact with none',
    ],
    [
      (c) => {
        // Both off-index locations become one word: still off the index, so P2's count stands.
        const at = '/splits/SWE Bench/locations_off_the_index';
        const off = c.get('results/adversarial.json', at) as Record<string, string[]>;
        c.set('results/adversarial.json', at, Object.fromEntries(Object.keys(off).map((t) => [t, ['unknown']])));
        c.set(
          'results/adversarial.json',
          '/properties/P2/magnitude',
          (c.get('results/adversarial.json', '/properties/P2/magnitude') as string).replace(
            "'Span ID not found for this shard'",
            "'unknown'",
          ),
        );
      },
      'absent-locations-are-sentences',
      'is a sentence',
    ],
    [
      (c) => {
        // The spellings the fallback loop promotes become ones that reach no label and hold none, as the normaliser would land them.
        const drift = c.get('results/normaliser.json', '/gold_drift') as { spelling: string; loop: string }[];
        const stray = (i: number) => `zz stray spelling ${'x'.repeat(i + 1)}`;
        const promoted = drift.filter((d) => d.loop === 'fallback') as unknown as { errors: number }[];
        c.set(
          'results/normaliser.json',
          '/gold_drift',
          drift.map((d, i) =>
            d.loop === 'fallback'
              ? { ...d, spelling: stray(i), lands: stray(i), loop: 'neither', labels_inside_it: [] }
              : d,
          ),
        );
        // datacheck counts the spellings the normaliser drops, and their errors: they now include these.
        const v = '/vocabulary';
        c.set(
          'results/datacheck.json',
          `${v}/dropped_spellings`,
          (c.get('results/datacheck.json', `${v}/dropped_spellings`) as number) + promoted.length,
        );
        c.set(
          'results/datacheck.json',
          `${v}/dropped_errors`,
          (c.get('results/datacheck.json', `${v}/dropped_errors`) as number) +
            promoted.reduce((n, d) => n + d.errors, 0),
        );
      },
      'fallback-both-ways',
      'promotes onto a label',
    ],
  ];
  for (const [tamper, name, says] of BROKEN) {
    test(`"${name}" fails when the data stops supporting it`, async () => {
      const copy = makeCopy();
      try {
        tamper(copy);
        await copy.relock();
        const changed = await assembleAudit({ root: copy.root, lockPath: copy.lockPath });
        assert.throws(
          () => assertConclusion(changed, name),
          (e: Error) => e.message.includes(says) && e.message.includes(name),
        );
      } finally {
        copy.dispose();
      }
    });
  }
});
