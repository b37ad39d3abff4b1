import { useEffect, useState } from 'react';
import { hubApi } from '../api';

/**
 * The German titles of the events the shown ads are for (the ads list answers only `event_id`): one read per
 * event not known yet, so a page of 20 ads costs at most 20 small reads, mostly fewer.
 */
export function useEventTitles(ids: readonly number[]): ReadonlyMap<number, string> {
  const [titles, setTitles] = useState<ReadonlyMap<number, string>>(new Map());
  const wanted = [...new Set(ids)].filter((id) => !titles.has(id)).sort((a, b) => a - b);
  const key = wanted.join(',');
  useEffect(() => {
    if (!wanted.length) return undefined;
    const controller = new AbortController();
    Promise.all(wanted.map((id) => hubApi.events.read(id, controller.signal).then((result) => [id, result.ok ? result.data.title.de : ''] as const)))
      .then((found) => setTitles((known) => new Map([...known, ...found])))
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') throw error;
      });
    return () => controller.abort();
    // `wanted` is derived from the key.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return titles;
}
