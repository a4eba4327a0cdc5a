/**
 * The claims review cannot be skipped: every sentence of prose and every <Holds> on
 * the site has a row in content/claims.register.json, every row still matches a
 * sentence, and every row's support points at something that exists. And every
 * page links each glossary term at its first use.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  checkRegister,
  mdxClaims,
  passageProblem,
  sentenceId,
  siteClaims,
  splitSentences,
  stringsClaims,
} from '../../src/guards/claims.ts';
import {
  REGISTER_PATH,
  Register,
  auditPlaceUrl,
  parseAuditPlace,
  type RegisterRow,
} from '../../src/provenance/support.ts';
import { unlinkedFirstUses } from '../../src/guards/glossary-links.ts';
import { isConclusionName } from '../../src/measures/conclusions.ts';
import { isDerivationName } from '../../src/measures/named.ts';
import { resolvePointer } from '../../src/admission/pointer.ts';
import { PROJECT, SHARED } from '../support/fixture.ts';
import { describeProblem } from '../../src/core/problem.ts';
import { normalise, sharedRuns } from '../support/own-words.ts';
import { AUDIT_README, auditReadme, auditSource } from '../support/audit-context.ts';

const register = (): RegisterRow[] =>
  Register.parse(JSON.parse(readFileSync(join(PROJECT, REGISTER_PATH), 'utf8'))).rows;

const row = (id: string): RegisterRow => ({
  id,
  page: '/',
  file: 'content/x.mdx',
  gist: 'a test sentence',
  support: { kind: 'site', at: 'README.md' },
  verdict: 'about-the-site',
});

/** Rows whose `file` is not a file that holds their sentence (a sentence in several files may name any of them). */
function fileProblems(claims: readonly { id: string; file: string }[], rows: readonly RegisterRow[]): string[] {
  const holders = new Map<string, Set<string>>();
  for (const c of claims) holders.set(c.id, (holders.get(c.id) ?? new Set()).add(c.file));
  return rows.flatMap((r) => {
    const files = holders.get(r.id);
    return files && !files.has(r.file)
      ? [
          `${REGISTER_PATH} row ${r.id}: file names ${r.file}, which does not hold the sentence; it is in ${[...files].join(', ')}`,
        ]
      : [];
  });
}

/** What is wrong with each row's support: a pointer to nothing, an unknown name or section, a copied gist. */
function supportProblems(rows: readonly RegisterRow[]): string[] {
  // The README must be there: the checks fail rather than skip without it (tests/support/audit-context.ts).
  const readme = normalise(auditReadme().replace(/[`*]/g, ''));
  const problems: string[] = [];
  for (const r of rows) {
    const { kind, at } = r.support;
    const where = `${REGISTER_PATH} row ${r.id}`;
    if (r.id.startsWith('holds:') && !(kind === 'rederivation' && at === `conclusion:${r.id.slice('holds:'.length)}`))
      problems.push(`${where}: a <Holds> is supported by its own conclusion`);
    if (kind === 'artifact') {
      const m = /^((?:results|index)\/[a-z0-9]+\.json)#(\/.*)$/.exec(at);
      if (!m) problems.push(`${where}: "${at}" is not file#/pointer`);
      else if (
        existsSync(join(SHARED, m[1]!)) &&
        resolvePointer(JSON.parse(readFileSync(join(SHARED, m[1]!), 'utf8')), m[2]!) === undefined
      )
        problems.push(`${where}: ${at} names no leaf`);
    } else if (kind === 'rederivation') {
      const [what, name = ''] = at.split(':');
      const ok =
        what === 'conclusion'
          ? isConclusionName(name)
          : what === 'derived'
            ? isDerivationName(name)
            : what === 'rederive'
              ? existsSync(join(PROJECT, 'src/rederive')) &&
                readdirSync(join(PROJECT, 'src/rederive')).some(
                  (f) =>
                    f.endsWith('.ts') &&
                    readFileSync(join(PROJECT, 'src/rederive', f), 'utf8').includes(`name: '${name}'`),
                )
              : false;
      if (!ok) problems.push(`${where}: no ${what} named ${name}`);
    } else if (kind === 'audit-file') {
      const place = parseAuditPlace(at);
      const problem = place
        ? passageProblem(auditSource(place.path, place.commit), place, r.support.passage)
        : `"${at}" is not path@commit#La-Lb`;
      if (problem) problems.push(`${where}: ${problem}`);
    } else if (!existsSync(join(PROJECT, at.split('#')[0]!))) {
      problems.push(`${where}: ${at} does not exist in the project`);
    }
    for (const run of sharedRuns(r.gist, readme))
      problems.push(`${where}: the gist copies the audit's README: "${run}"`);
  }
  return problems;
}

describe('claims register', () => {
  test('every sentence and <Holds> on the site has a row, and every row matches one', () => {
    assert.deepEqual(checkRegister(siteClaims(PROJECT), register()).map(describeProblem), []);
  });

  test('an unregistered new sentence trips it, naming file:line and the row to add', () => {
    const before =
      '---\ntitle: A page about nothing in particular\n---\n\nThe scorer reads the gold files one by one.\n';
    const rows = mdxClaims('content/x.mdx', before).map((c) => row(c.id));
    assert.deepEqual(checkRegister(mdxClaims('content/x.mdx', before), rows).map(describeProblem), []);
    const after = before + '\nIt also reads every trace twice over.\n';
    const problems = checkRegister(mdxClaims('content/x.mdx', after), rows).map(describeProblem);
    assert.equal(problems.length, 1);
    const id = sentenceId('It also reads every trace twice over.');
    assert.match(
      problems[0]!,
      /^content\/x\.mdx:7:1: this sentence is not in the claims register \(content\/claims\.register\.json\): "It also reads every trace twice over\."/,
    );
    assert.ok(problems[0]!.includes(`{ "id": "${id}", "page": "<the page>", "file": "content/x.mdx"`), problems[0]);
  });

  test('an unregistered <Holds> trips it, and so does a row whose sentence is gone', () => {
    const src = 'Text before. <Holds that="p8-is-latent">The verdict is LATENT here.</Holds>\n';
    const claims = mdxClaims('content/x.mdx', src);
    assert.ok(claims.some((c) => c.id === 'holds:p8-is-latent'));
    const rows = claims.filter((c) => !c.id.startsWith('holds:')).map((c) => row(c.id));
    assert.match(
      checkRegister(claims, rows).map(describeProblem).join('\n'),
      /content\/x\.mdx:1:1: this <Holds> is not in the claims register/,
    );
    const stale = [...claims.map((c) => row(c.id)), row('s-0123456789')];
    assert.match(
      checkRegister(claims, stale).map(describeProblem).join('\n'),
      /row s-0123456789 \("a test sentence"\) matches no sentence on the site any more/,
    );
  });

  test('identity: a sentence keeps its row when it moves or its figures change, and needs a new one when a word changes', () => {
    const a = mdxClaims(
      'content/a.mdx',
      'Of the <Leaf at="results/datacheck.json#/gold_files/on_disk" as="count" /> gold files, most load.\n',
    )[0]!;
    const b = mdxClaims(
      'content/b.mdx',
      'Of the <Derived name="table-5/cells-compared" /> gold  files, most load.\n',
    )[0]!;
    const c = mdxClaims(
      'content/a.mdx',
      'Of the <Leaf at="results/datacheck.json#/gold_files/on_disk" as="count" /> gold files, all load.\n',
    )[0]!;
    assert.equal(a.id, b.id);
    assert.notEqual(a.id, c.id);
  });

  test('reads the strings code and templates place, without their inline tags, placeholders as figures', () => {
    const strings = JSON.stringify(
      {
        'x.caption': 'Gold locations that are not a span of their trace',
        'x.note': 'The trace {0} is listed twice. {1} of them sit in the index.',
        'x.label': 'a short label',
        'x.link': 'See <a href="{0}">the method page</a> for every check.',
      },
      null,
      2,
    );
    assert.deepEqual(
      stringsClaims('content/strings.json', strings).map((c) => [c.line, c.text]),
      [
        [2, 'Gold locations that are not a span of their trace'],
        [3, 'The trace · is listed twice.'],
        [3, '· of them sit in the index.'],
        [5, 'See the method page for every check.'],
      ],
    );
  });

  test('sentences split at Unicode sentence boundaries, a placeholder opening one', () => {
    assert.deepEqual(splitSentences('One sentence here.  · more follow, e.g. this one. Done?'), [
      'One sentence here.',
      '· more follow, e.g. this one.',
      'Done?',
    ]);
  });

  test("every row's support points at something that exists, in the reviewer's own words", () => {
    assert.deepEqual(supportProblems(register()), []);
  });

  test("every row's file is a file that holds its sentence", () => {
    assert.deepEqual(fileProblems(siteClaims(PROJECT), register()), []);
  });

  test('a row naming the wrong file, or one that does not exist, trips it', () => {
    const claims = [
      { id: 's-0000000001', file: 'content/report.mdx' },
      { id: 's-0000000002', file: 'src/findings/verdict-meanings.ts' },
    ];
    const rows = [
      { ...row('s-0000000001'), file: 'content/method.mdx' },
      { ...row('s-0000000002'), file: 'src/findings/verdicts.ts' },
    ];
    const found = fileProblems(claims, rows);
    assert.equal(found.length, 2);
    assert.match(
      found[0]!,
      /row s-0000000001: file names content\/method\.mdx, which does not hold the sentence; it is in content\/report\.mdx/,
    );
    assert.match(found[1]!, /row s-0000000002: file names src\/findings\/verdicts\.ts/);
  });

  test('a file of the audit cited without its passage, or at lines that do not hold it, trips it', () => {
    const text = 'line one\nThe `gold` counts are *checked* twice\nover two lines.\n\nline five\n';
    const place = { path: 'README.md', commit: 'a'.repeat(40), from: 2, to: 3 };
    assert.equal(passageProblem(text, place, 'The gold counts are checked'), undefined);
    assert.equal(passageProblem(text, place, 'checked twice over two'), undefined);
    assert.match(passageProblem(text, place, undefined)!, /README\.md@aaaaaaaa: name the passage by its opening words/);
    assert.match(passageProblem(text, place, 'line five')!, /lines 2-3 hold no passage opening "line five"/);
    assert.match(passageProblem(text, { ...place, to: 9 }, 'The gold')!, /lines 2-9 are not in the file, which has 6/);
    assert.deepEqual(parseAuditPlace(`src/x.py@${'b'.repeat(40)}#L4-L7`), {
      path: 'src/x.py',
      commit: 'b'.repeat(40),
      from: 4,
      to: 7,
    });
    assert.equal(parseAuditPlace('README.md#L4'), undefined);
    assert.equal(
      auditPlaceUrl('o/r', { path: 'README.md', commit: 'c'.repeat(40), from: 4, to: 4 }),
      `https://github.com/o/r/blob/${'c'.repeat(40)}/README.md?plain=1#L4`,
    );
    const bad = supportProblems([
      { ...row('s-0000000005'), support: { kind: 'audit-file', at: 'README.md#L4', passage: 'the two' } },
      {
        ...row('s-0000000006'),
        support: {
          kind: 'audit-file',
          at: `README.md@${AUDIT_README.commit}#L1-L2`,
          passage: 'no such words here at all',
        },
      },
    ]).join('\n');
    assert.match(bad, /row s-0000000005: "README\.md#L4" is not path@commit#La-Lb/);
    assert.match(bad, /row s-0000000006: README\.md@255ebb94: lines 1-2 hold no passage opening "no such words/);
  });

  test('a row whose support points at nothing trips it', () => {
    const bad: RegisterRow[] = [
      { ...row('s-0000000001'), support: { kind: 'artifact', at: 'results/datacheck.json#/gold_files/nope' } },
      { ...row('s-0000000002'), support: { kind: 'rederivation', at: 'conclusion:no-such-conclusion' } },
      { ...row('s-0000000004'), support: { kind: 'site', at: 'src/no/such/module.ts' } },
      { ...row('holds:p8-is-latent'), support: { kind: 'site', at: 'README.md' } },
    ];
    const found = supportProblems(bad).join('\n');
    for (const id of ['s-0000000004', 'holds:p8-is-latent', 's-0000000002'])
      assert.match(found, new RegExp(`row ${id}`));
    if (existsSync(join(SHARED, 'results/datacheck.json')))
      assert.match(found, /row s-0000000001: results\/datacheck\.json#\/gold_files\/nope names no leaf/);
  });
});

describe('glossary links', () => {
  test('every page links each glossary term at its first use', () => {
    const files = [
      'content/report.mdx',
      'content/method.mdx',
      ...readdirSync(join(PROJECT, 'content/properties')).map((f) => `content/properties/${f}`),
    ];
    const problems = files.flatMap((f) =>
      unlinkedFirstUses(readFileSync(join(PROJECT, f), 'utf8')).map(
        (u) => `${f}:${u.line}: first use of "${u.word}" is not linked: wrap it in <Term of="${u.term}">`,
      ),
    );
    assert.deepEqual(problems, []);
  });

  test('an unlinked first use trips it; a later unlinked use does not', () => {
    const linked = 'The <Term of="span">spans</Term> of a trace. Each span has an id.\n';
    assert.deepEqual(
      unlinkedFirstUses(linked).map((u) => u.term),
      ['trace'],
    );
    const src =
      '## Spans in a heading\n\nEvery <Term of="trace">trace</Term> holds spans, and the `gold-exact` name is code.\n';
    assert.deepEqual(unlinkedFirstUses(src), [{ term: 'span', line: 3, word: 'spans' }]);
  });
});
