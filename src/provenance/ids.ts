/** Unique element ids for tooltips, stable within a build. */
let counter = 0;
export function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
