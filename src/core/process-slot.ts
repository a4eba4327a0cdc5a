/**
 * A value shared by every copy of a module in this process. Astro renders pages
 * from a bundle of their own, in the same process as the integration but with
 * separate module instances, so what the integration makes once (the admitted
 * audit, the site revision, the highlighted sources) is kept on globalThis under
 * a registered symbol, which both copies name alike.
 */
export interface ProcessSlot<T> {
  get(): T | undefined;
  set(value: T): void;
}

export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = Symbol.for(`trail-audit-site.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    get: () => holder[key],
    set: (value) => {
      holder[key] = value;
    },
  };
}
