/** The memory of the test's process, where the test server lives: what a piece of work makes it grow by. */

/** The process's peak memory above where it started, sampled while `work` runs. */
export async function peakGrowth<T>(work: () => Promise<T>) {
  const start = process.memoryUsage();
  const peak = { rss: 0, heapUsed: 0, arrayBuffers: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss - start.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed - start.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers - start.arrayBuffers);
  };
  const timer = setInterval(sample, 25);
  try {
    const result = await work();
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
