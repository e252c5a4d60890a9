// A localStorage stand-in for the Node tests: `full` (settable later) makes every write fail as a
// full or disabled localStorage does; `map` is what it holds.

export function memoryStore(items = {}, { full = false } = {}) {
  const map = new Map(Object.entries(items));
  return {
    map,
    full,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem(k, v) {
      if (this.full) throw new Error("QuotaExceededError");
      map.set(k, String(v));
    },
    removeItem: (k) => map.delete(k),
  };
}
