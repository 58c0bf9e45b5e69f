// MT19937 (Matsumoto and Nishimura 1998), 32-bit, seeded with the reference init_genrand.

const N = 624;
const M = 397;

export class Mt19937 {
  private readonly mt = new Uint32Array(N);
  private mti = N + 1;

  /** `seed` is an integer in [0, 2^32 - 1]. */
  constructor(seed: number) {
    this.mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.mti = N;
  }

  /** Copies the 624 state words into `mt` and returns the index of the next word (624: a twist first). */
  stateInto(mt: Uint32Array): number {
    mt.set(this.mt);
    return this.mti;
  }

  /** The next 32-bit output, in [0, 2^32). */
  nextUint32(): number {
    if (this.mti >= N) this.twist();
    let y = this.mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A uniform float x / 2^32 in [0, 1) from one output. */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A uniform integer in [0, m), by rejection below 2^32 - (2^32 mod m); 1 <= m <= 2^32. */
  nextInt(m: number): number {
    const lim = 4294967296 - (4294967296 % m);
    for (;;) {
      const x = this.nextUint32();
      if (x < lim) return x % m;
    }
  }

  /** The state update in the reference's three ranges (no index modulo; same words as one wrapped loop). */
  private twist(): void {
    const mt = this.mt;
    let k = 0;
    for (; k < N - M; k++) mt[k] = mixed(mt[k + M]!, mt[k]!, mt[k + 1]!);
    for (; k < N - 1; k++) mt[k] = mixed(mt[k + M - N]!, mt[k]!, mt[k + 1]!);
    mt[N - 1] = mixed(mt[M - 1]!, mt[N - 1]!, mt[0]!);
    this.mti = 0;
  }
}

/** One twisted word: far ^ (upper bit of cur, lower 31 of next) >>> 1, xor the matrix when that is odd. */
function mixed(far: number, cur: number, next: number): number {
  const y = (cur & 0x80000000) | (next & 0x7fffffff);
  // -(y & 1) is all ones exactly when y is odd: the matrix without a branch (half the words take it).
  return far ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
}
