// Map.prototype.getOrInsertComputed (a TC39 proposal Node 20 lacks) as a function: the value at `key`,
// made by `make` and kept the first time it is asked for.
export function getOrInsertComputed<K extends object, V>(map: WeakMap<K, V>, key: K, make: (key: K) => V): V;
export function getOrInsertComputed<K, V>(map: Map<K, V>, key: K, make: (key: K) => V): V;
export function getOrInsertComputed<K extends object, V>(
  map: Map<K, V> | WeakMap<K, V>,
  key: K,
  make: (key: K) => V,
): V {
  if (map.has(key)) return map.get(key) as V;
  const value = make(key);
  map.set(key, value);
  return value;
}
