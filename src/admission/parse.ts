/** Strict JSON: UTF-8, no BOM, no key twice, no `__proto__`; momoa's tree gives each refusal's line:column. */
import { parse, type AnyNode } from '@humanwhocodes/momoa';
import { AdmissionError } from './errors.ts';
import { MAX_ARTIFACT_BYTES } from './schemas.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function checkKeys(file: string, root: AnyNode): void {
  const stack: AnyNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'Document') stack.push(node.body);
    else if (node.type === 'Array') for (const e of node.elements) stack.push(e.value);
    else if (node.type === 'Object') {
      const seen = new Set<string>();
      for (const m of node.members) {
        const key = m.name.type === 'String' ? m.name.value : m.name.name;
        const { line, column } = m.name.loc.start;
        const at = `${line}:${column}`;
        if (key === '__proto__')
          throw new AdmissionError('json', file, at, 'no key named "__proto__"', 'the key "__proto__"');
        if (seen.has(key))
          throw new AdmissionError('json', file, at, 'each key once per object', `${JSON.stringify(key)} again`);
        seen.add(key);
        stack.push(m.value);
      }
    }
  }
}

/** One file's bytes as strict JSON, or one refusal naming the file and line:column. */
export function parseArtifact(file: string, bytes: Uint8Array): JsonValue {
  if (bytes.length > MAX_ARTIFACT_BYTES)
    throw new AdmissionError('size', file, '', `at most ${MAX_ARTIFACT_BYTES} bytes`, `${bytes.length} bytes`);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new AdmissionError('json', file, '', 'UTF-8 text', 'bytes that are not valid UTF-8');
  }
  if (text.startsWith('\ufeff')) throw new AdmissionError('json', file, '1:1', 'JSON text', 'a byte-order mark');
  let tree: AnyNode;
  try {
    tree = parse(text, { mode: 'json' });
  } catch (e) {
    const { line, column, message } = e as { line?: number; column?: number; message: string };
    // Nesting too deep for the parser's recursion is refused like any other malformed file.
    const at = line === undefined ? '' : `${line}:${column}`;
    throw new AdmissionError(
      'json',
      file,
      at,
      'well-formed JSON',
      e instanceof RangeError ? 'nesting too deep' : message,
    );
  }
  checkKeys(file, tree);
  return JSON.parse(text) as JsonValue;
}
