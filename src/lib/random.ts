// Seeded draws on top of MT19937, for reproducible synthetic data (samples, tests, benchmarks).
import { Mt19937 } from "./prng.js";

/** Standard normal draws by Box-Muller from one MT19937 stream; identical across machines. */
export class NormalStream {
  private readonly g: Mt19937;
  private spare: number | null = null;
  constructor(seed: number) {
    this.g = new Mt19937(seed);
  }
  next(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    const u1 = 1 - this.g.nextFloat();
    const u2 = this.g.nextFloat();
    const r = Math.sqrt(-2 * Math.log(u1));
    this.spare = r * Math.sin(2 * Math.PI * u2);
    return r * Math.cos(2 * Math.PI * u2);
  }
  /** A uniform float in [0, 1) from the same stream. */
  uniform(): number {
    return this.g.nextFloat();
  }
}
