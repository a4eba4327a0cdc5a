/**
 * The canonical JSON behind the index digest, held to what Python's
 * json.dumps(value, sort_keys=True, separators=(",", ":")) writes. The expected
 * strings and digests were produced by CPython 3 from the same values.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gitBlobId, indexDigest, pythonCanonicalJson, sha256Hex } from '../../src/admission/digest.ts';
import type { JsonValue } from '../../src/admission/parse.ts';

const CASES: { name: string; value: JsonValue; python: string; sha256: string }[] = [
  {
    name: 'keys sorted, literals, empty containers',
    value: { b: 1, a: [true, false, null], '': {}, A: [] },
    python: '{"":{},"A":[],"a":[true,false,null],"b":1}',
    sha256: 'a614865105ef415ad8d2fa51f0175bed795ebddaf87c4981c20fbd8765cb6b0a',
  },
  {
    name: 'keys by code point: a surrogate pair sorts after U+FFFF, unlike UTF-16 order',
    value: { '\uffff': 1, '\u{1F600}': 2, '\ue000': 3, z: 4 },
    python: '{"z":4,"\\ue000":3,"\\uffff":1,"\\ud83d\\ude00":2}',
    sha256: '9d4f45ef19db22fb8ca9adca2b194201fa50e4ae0a9109efd7eb34ff381f0d3f',
  },
  {
    name: 'escapes: short forms, control characters, DEL, non-ASCII, astral, U+2028',
    value: {
      s: 'quote " backslash \\ slash / nl \n cr \r tab \t bs \b ff \f nul \u0000 us \u001f del \u007f é ß 漢 😀 \u2028',
    },
    python:
      '{"s":"quote \\" backslash \\\\ slash / nl \\n cr \\r tab \\t bs \\b ff \\f nul \\u0000 us \\u001f del \\u007f \\u00e9 \\u00df \\u6f22 \\ud83d\\ude00 \\u2028"}',
    sha256: '4f0cfbe56648e6e69a0c7ca597365cdc3748b1ca3f2952c9addd37e609752353',
  },
  {
    name: 'integers, the empty string, every printable ASCII character that needs no escape',
    value: [[-3, 0, 9007199254740991], '', "plain ascii text ~ !#$%&'()*+,-.:;<=>?@[]^_`{|}"],
    python: '[[-3,0,9007199254740991],"","plain ascii text ~ !#$%&\'()*+,-.:;<=>?@[]^_`{|}"]',
    sha256: '872c569e563b9b968b8b06a916381ae0ed9f64569c586dcc00a7f9616e61e29a',
  },
  {
    name: 'a quote or a backslash in otherwise plain ASCII is still escaped',
    value: ['say "hi"', 'a \\ b'],
    python: '["say \\"hi\\"","a \\\\ b"]',
    sha256: 'b9c3d9b0ebc017612aefd6b000ca307ce1e2a3ec7816b534f679f582c708d138',
  },
  {
    name: 'an index-shaped value',
    value: { splits: { test: { t1: ['span-1', 'span-2'] }, dev: { é: ['x'] } } },
    python: '{"splits":{"dev":{"\\u00e9":["x"]},"test":{"t1":["span-1","span-2"]}}}',
    sha256: '996867b1ffc56190d06cd05356624053c5158cfb051369e6369e57cad1d504e7',
  },
];

for (const c of CASES) {
  test(`canonical JSON as Python writes it: ${c.name}`, async () => {
    assert.equal(pythonCanonicalJson(c.value), c.python);
    assert.equal(await sha256Hex(pythonCanonicalJson(c.value)), c.sha256);
    assert.equal(await indexDigest(c.value), c.sha256);
  });
}

test('canonical JSON refuses a number Python would write differently', () => {
  assert.throws(() => pythonCanonicalJson({ a: [1.5] }), /non-integer number \(1\.5\)/);
  assert.throws(() => pythonCanonicalJson(2 ** 53), /non-integer number/);
});

test("git's blob id is SHA-1 of the header and the bytes", async () => {
  // `printf 'hello\n' | git hash-object --stdin`
  assert.equal(await gitBlobId(new TextEncoder().encode('hello\n')), 'ce013625030ba8dba906f756967f9e9ca394464a');
});
