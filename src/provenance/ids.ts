/** Unique element ids for tooltips, stable within a build. */
let counter = 0;
export const nextId = (prefix: string): string => `${prefix}-${++counter}`;
