import React, { useState } from 'react';
import type { Locale } from '../../../contract/locales';
import { SearchForm } from './search-form';
import { getSearchString } from './search-store';

interface Props {
  locale: Locale;
  /** Closes the field (Escape, or after leaving for a result or the search page). */
  onClose: () => void;
}

/**
 * The header's search field, loaded on demand (React.lazy) the first time a visitor opens it, so the
 * autocomplete costs nothing on a first visit. It starts with the last search string.
 */
export default function HeaderSearch({ locale, onClose }: Props) {
  const [value, setValue] = useState(getSearchString);
  return <SearchForm locale={locale} value={value} onChange={setValue} onLeave={onClose} onEscape={onClose} autoFocus className="search-form--header" />;
}
