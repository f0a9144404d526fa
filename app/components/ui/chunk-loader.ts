// A code chunk fetched on demand, once per page: the first call starts the import and every later call
// shares it. A failed fetch is forgotten, so that the next call (a retry, the next approach) fetches anew.
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
