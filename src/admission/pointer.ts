/** JSON Pointers (RFC 6901): how every error and every figure names its leaf. */
export type PathSegment = string | number;

export function toPointer(path: readonly PathSegment[]): string {
  return path.map((s) => '/' + String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON Pointer: ${JSON.stringify(pointer)}`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Resolves a pointer in a parsed JSON value; `undefined` when no such leaf exists. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const segment of fromPointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return node;
}
