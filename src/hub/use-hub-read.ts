import { useEffect, useState } from 'react';
import type { PostResult } from './api';
import { useHub } from './hub-context';

export type Read<T> = { state: 'loading' } | { state: 'done'; result: PostResult<T> };

/**
 * Runs a hub read whenever `key` changes, aborting the one before; a 401 ends the session (the login form shows).
 */
export function useHubRead<T>(key: string, read: (signal: AbortSignal) => Promise<PostResult<T>>): [Read<T>, (result: PostResult<T>) => void] {
  const { sessionEnded } = useHub();
  const [value, setValue] = useState<Read<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setValue({ state: 'loading' });
    read(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok && result.status === 401) sessionEnded();
        else setValue({ state: 'done', result });
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') throw error;
      });
    return () => controller.abort();
    // `read` is a new function on every render; the key says when to read again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, sessionEnded]);
  return [value, (result) => setValue({ state: 'done', result })];
}
