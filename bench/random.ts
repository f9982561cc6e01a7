/** A small seeded PRNG (mulberry32): the same seed gives the same data set on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An index drawn by weight from a prepared cumulative table (see `cumulative`). */
  weighted(cumulativeWeights: readonly number[]): number {
    const total = cumulativeWeights[cumulativeWeights.length - 1] ?? 0;
    const x = this.next() * total;
    let low = 0;
    let high = cumulativeWeights.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulativeWeights[mid] ?? 0) > x) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }
}

export function cumulative(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((weight) => (sum += weight));
}
