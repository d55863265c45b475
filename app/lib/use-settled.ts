import { useEffect, useState } from 'react';

/** A value as typed, `ms` after the last change: a search box asks once per pause, not once per key. */
export function useSettled<T>(value: T, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
