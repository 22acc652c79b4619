/** Latency statistics for benchmarks: the machine is shared and noisy, so medians and spreads. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export interface LatencySummary {
  p25: number;
  p50: number;
  p75: number;
  p95: number;
  max: number;
  n: number;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = samples.slice().sort((a, b) => a - b);
  return {
    p25: percentile(sorted, 25),
    p50: percentile(sorted, 50),
    p75: percentile(sorted, 75),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1],
    n: sorted.length,
  };
}

/** One line a benchmark result: `BENCH name=value unit`. */
export function bench(name: string, value: number, unit: string): void {
  process.stdout.write(`BENCH ${name}=${Number.isFinite(value) ? Number(value.toFixed(2)) : value} ${unit}\n`);
}
