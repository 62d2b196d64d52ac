/**
 * Group commit: `run` takes a group of items and answers one result per item
 * (same order). The first item runs at once, alone; items that arrive while a
 * group is running wait and go together in the next group (up to `max`). An
 * idle caller pays no delay, a busy one pays one statement per group instead
 * of one per item. When `run` throws, every item of that group is rejected
 * with its error (each caller then falls back on its own path).
 */
export function groupWhileBusy<I, O>(run: (items: I[]) => Promise<O[]>, max: number): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const group = waiting.splice(0, max);
      try {
        const results = await run(group.map((entry) => entry.item));
        group.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
