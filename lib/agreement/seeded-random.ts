/**
 * Seeded pseudo-random integers for reproducible bootstrap resampling.
 *
 * Generator: Mulberry32 (Tommy Ettinger, public domain; 32-bit state, period
 * 2^32), adequate for resampling indices, not for cryptography. `int(n)` draws
 * uniformly from 0..n−1 by rejection, so there is no modulo bias.
 *
 * @throws Error when the seed is not an integer.
 * @example const rng = seededRandom(42); rng.int(10)
 */
export interface SeededRandom {
  /** Next uniform 32-bit unsigned integer. */
  uint32(): number;
  /** Uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
  int(n: number): number;
}

export function seededRandom(seed: number): SeededRandom {
  if (!Number.isInteger(seed)) throw new Error(`seededRandom: seed must be an integer, got ${seed}`);
  let state = seed | 0;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const int = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error(`seededRandom.int: bad range ${n}`);
    // Reject the top partial block of 2^32 so every residue is equally likely.
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = uint32();
    while (x >= limit) x = uint32();
    return x % n;
  };
  return { uint32, int };
}
