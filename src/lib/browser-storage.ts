/**
 * localStorage and sessionStorage that never throw: private modes and storage-partitioned frames can
 * refuse access, and the site must keep working (in memory) when they do.
 */
type Area = 'local' | 'session';

const memory: Record<Area, Map<string, string>> = { local: new Map(), session: new Map() };

function area(kind: Area): Storage | null {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    storage.getItem('');
    return storage;
  } catch {
    return null;
  }
}

export function readItem(kind: Area, key: string): string | null {
  const storage = area(kind);
  return storage ? storage.getItem(key) : (memory[kind].get(key) ?? null);
}

export function writeItem(kind: Area, key: string, value: string): void {
  const storage = area(kind);
  if (storage) {
    try {
      storage.setItem(key, value);
      return;
    } catch {
      // quota or refusal: fall through to memory
    }
  }
  memory[kind].set(key, value);
}

export function removeItem(kind: Area, key: string): void {
  area(kind)?.removeItem(key);
  memory[kind].delete(key);
}

export function keysOf(kind: Area): string[] {
  const storage = area(kind);
  if (!storage) return [...memory[kind].keys()];
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string => key !== null,
  );
}
