/**
 * Work a client is waiting on in this process (storing a customer's message
 * before the webhook may answer Meta), which background jobs give way to.
 * On a burst of deliveries that saturates the machine, a bot answering in
 * parallel takes the CPU the deliveries need, and Meta's retries of slow
 * answers add to the burst; the answers can wait until it has passed, or
 * for `maxMs` at most, so that under a load that never ends they still go
 * out, a batch at a time.
 */
export interface Foreground {
  /** Runs `work` as foreground work. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves at once when no foreground work runs, else when none does, or after `maxMs`. */
  quiet(maxMs: number): Promise<void>;
}

export function createForeground(): Foreground {
  let running = 0;
  let waiters: (() => void)[] = [];
  const release = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  return {
    async during(work) {
      running++;
      try {
        return await work();
      } finally {
        running--;
        if (running === 0) release();
      }
    },
    quiet(maxMs) {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve();
        }, maxMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(wake);
      });
    },
  };
}
