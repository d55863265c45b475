/**
 * At most `perMinute` events an address a minute on this process (docs/product.md#analytics): a flood of
 * fake events from one address counts as a minute's worth at most. Counted in memory by minute; a process
 * forgets addresses of past minutes.
 */
export function createAddressCap(perMinute: number, nowMs: () => number = Date.now) {
  let minute = -1;
  let counts = new Map<string, number>();
  return {
    take(address: string): boolean {
      const current = Math.floor(nowMs() / 60_000);
      if (current !== minute) {
        minute = current;
        counts = new Map();
      }
      const n = (counts.get(address) ?? 0) + 1;
      counts.set(address, n);
      return n <= perMinute;
    },
  };
}
