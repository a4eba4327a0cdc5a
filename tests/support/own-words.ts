/** Runs of ten words our text shares with the audit's README (the own-words rule). */
export const normalise = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/** Runs of ten words (over fifty characters) that `text` shares with `reference`. */
export function sharedRuns(text: string, reference: string): string[] {
  const words = normalise(text).split(' ');
  const hits: string[] = [];
  for (let i = 0; i + 10 <= words.length; i++) {
    const run = words.slice(i, i + 10).join(' ');
    if (run.length > 50 && reference.includes(run)) {
      hits.push(run);
      i += 9;
    }
  }
  return hits;
}
