/**
 * `fn` at most once per `intervalMs`; calls in between are dropped. For warnings about a state that lasts
 * (Redis down), which would otherwise fill the log with one line per request or per reconnect attempt.
 */
export function throttled<A extends unknown[]>(intervalMs: number, fn: (...args: A) => void): (...args: A) => void {
  let lastAt = -Infinity;
  return (...args) => {
    const at = Date.now();
    if (at - lastAt < intervalMs) return;
    lastAt = at;
    fn(...args);
  };
}
