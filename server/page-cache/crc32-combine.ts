// CRC-32 of a concatenation from the CRC-32s of its parts (zlib's crc32_combine, which Node does not
// expose), so that a cached page's gzip trailer costs a few hundred operations per answer instead of a
// pass over the whole page. The operator that moves a CRC past `length` zero bytes is a 32×32 matrix
// over GF(2), made once per stored piece; applying it is 32 XORs.

/** The operator that advances a CRC over `length` bytes: apply with `advance`. */
export function shiftOperator(length: number): Uint32Array {
  // Operator for one zero bit, then squared up to one byte (8 bits), then by repeated squaring.
  let odd: Uint32Array = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let bit = 1, row = 1; bit < 32; bit++, row <<= 1) odd[bit] = row >>> 0;
  let even: Uint32Array = square(odd); // two zero bits
  odd = square(even); // four zero bits
  let result: Uint32Array | null = null;
  let remaining = length;
  while (remaining > 0) {
    even = square(odd); // the first pass: eight zero bits, one byte
    if (remaining & 1) result = result ? compose(even, result) : even;
    remaining >>>= 1;
    if (remaining === 0) break;
    odd = square(even);
    if (remaining & 1) result = result ? compose(odd, result) : odd;
    remaining >>>= 1;
  }
  return result ?? identityOperator();
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and the shift operator of B's length. */
export function combine(crcOfFirst: number, crcOfSecond: number, shiftBySecond: Uint32Array): number {
  return (advance(shiftBySecond, crcOfFirst) ^ crcOfSecond) >>> 0;
}

export function advance(operator: Uint32Array, vector: number): number {
  let sum = 0;
  for (let index = 0, rest = vector >>> 0; rest !== 0; index++, rest >>>= 1) {
    if (rest & 1) sum ^= operator[index] as number;
  }
  return sum >>> 0;
}

function square(operator: Uint32Array): Uint32Array {
  return compose(operator, operator);
}

/** The operator applying `second` after `first`. */
function compose(second: Uint32Array, first: Uint32Array): Uint32Array {
  const out = new Uint32Array(32);
  for (let index = 0; index < 32; index++) out[index] = advance(second, first[index] as number);
  return out;
}

function identityOperator(): Uint32Array {
  const out = new Uint32Array(32);
  for (let index = 0; index < 32; index++) out[index] = (1 << index) >>> 0;
  return out;
}
