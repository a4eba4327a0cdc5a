/** A Subresource Integrity value from a hex SHA-256, for the page's fetches. */
export function integrity(sha256: string): string {
  const bytes = sha256.match(/../g)!.map((h) => parseInt(h, 16));
  return `sha256-${btoa(String.fromCharCode(...bytes))}`;
}
