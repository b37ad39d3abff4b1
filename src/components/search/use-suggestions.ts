import { useEffect, useState } from 'react';
import type { SearchSuggestion } from '../../../contract/schemas/search';
import { minQueryLength, queryProblem } from '../../../contract/search-rules';
import type { Locale } from '../../../contract/locales';
import { fetchSuggestions } from './search-api';

/** Quiet time after the last keystroke before suggestions are asked for. */
export const suggestionDelayMs = 200;

/**
 * Suggestions for what is being typed: asked for once typing pauses for 200 ms, the request of an older string
 * cancelled when a newer one starts, and nothing asked for a string the call would refuse (then none are shown).
 * A failed request leaves no suggestions (the search itself still works).
 */
export function useSuggestions(locale: Locale, query: string, enabled: boolean): SearchSuggestion[] {
  const [found, setFound] = useState<{ query: string; suggestions: SearchSuggestion[] }>({ query: '', suggestions: [] });
  const wanted = enabled && queryProblem(query, minQueryLength.autocomplete) === null ? query.trim() : '';

  useEffect(() => {
    if (!wanted) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(locale, wanted, controller.signal).then(
        (suggestions) => setFound({ query: wanted, suggestions }),
        () => {
          if (!controller.signal.aborted) setFound({ query: wanted, suggestions: [] });
        },
      );
    }, suggestionDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [locale, wanted]);

  // While the next answer is on its way the last one stays, so the list does not flicker with every keystroke.
  return wanted && found.query ? found.suggestions : [];
}
