/** Python's rounding: the exact binary value of a double, half-to-even (JavaScript's toFixed rounds ties up). */

/** The exact value of a finite double as mantissa * 2^exponent. */
function decompose(x: number): { negative: boolean; mantissa: bigint; exponent: number } {
  const bits = new DataView(Float64Array.of(x).buffer).getBigUint64(0, true);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  // A subnormal has no implicit leading 1.
  const [mantissa, exponent] = biased === 0 ? [fraction, -1074] : [fraction | (1n << 52n), biased - 1075];
  return { negative: bits >> 63n === 1n, mantissa, exponent };
}

/** `x` with exactly `digits` decimals, as Python's `format(x, f'.{digits}f')` writes it. */
export function toFixedPython(x: number, digits: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`cannot format ${x}`);
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new RangeError(`digits ${digits}`);
  const { negative, mantissa, exponent } = decompose(x);
  const scale = 10n ** BigInt(digits);
  let scaled: bigint;
  if (exponent >= 0) {
    scaled = mantissa * scale * (1n << BigInt(exponent));
  } else {
    const den = 1n << BigInt(-exponent);
    const num = mantissa * scale;
    scaled = num / den;
    const twiceRemainder = (num % den) * 2n;
    if (twiceRemainder > den || (twiceRemainder === den && scaled % 2n === 1n)) scaled += 1n;
  }
  const s = scaled.toString().padStart(digits + 1, '0');
  const body = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  // Python keeps the sign of a negative value that rounds to zero (-0.000).
  return negative ? `-${body}` : body;
}

/** Python's `round(x, digits)` for a double. */
export function roundPython(x: number, digits: number): number {
  return Number(toFixedPython(x, digits));
}
