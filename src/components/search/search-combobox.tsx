import React, { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { SearchSuggestion } from '../../../contract/schemas/search';
import type { Locale } from '../../../contract/locales';
import { searchDate } from './result-date';
import { useSuggestions } from './use-suggestions';
import { maxQueryLength } from '../../../contract/search-rules';

interface Props {
  locale: Locale;
  /** The input's id, for the label the form renders. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen (Enter on the active one, or a click): open its page. */
  onChoose: (suggestion: SearchSuggestion) => void;
  /** Escape while no suggestions are shown (the header closes its search field). */
  onEscape?: () => void;
  autoFocus?: boolean;
  placeholder?: string;
  /** Id of a hint about the field's value. */
  describedBy?: string;
}

/**
 * The search field with suggestions, as the WAI-ARIA 1.2 combobox pattern has it (list autocomplete, no
 * automatic selection): the input is the combobox and keeps focus; Arrow Down and Up move through the listbox's
 * options (announced through aria-activedescendant), Enter opens the active suggestion or else submits the form,
 * Escape closes the list, a click on an option opens it. The number of suggestions is announced politely.
 */
export function SearchCombobox({ locale, id, value, onChange, onChoose, onEscape, autoFocus, placeholder, describedBy }: Props) {
  const { t } = useTranslation('search');
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(locale, value, focused);
  const expanded = open && suggestions.length > 0;
  const current = expanded && active < suggestions.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive(expanded ? (current + 1) % count : 0);
        return;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive(expanded ? (current <= 0 ? count - 1 : current - 1) : count - 1);
        return;
      case 'Enter':
        if (current < 0) {
          // The form submits the search; the list would cover its results.
          setOpen(false);
          return;
        }
        event.preventDefault();
        choose(suggestions[current]);
        return;
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else onEscape?.();
        return;
      default:
    }
  };

  return (
    <div className="search-combobox">
      <input
        id={id}
        // Named as the search call's parameter: without script the form sends it as it is (search-form.tsx).
        name="query"
        type="search"
        className="search-combobox__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={maxQueryLength}
        placeholder={placeholder}
        // Focus moves here when the header's search opens: the visitor asked for the field.
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setOpen(false);
          setActive(-1);
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('suggestions')} className="search-combobox__list" hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.url}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className="search-combobox__option"
            // The input keeps focus (and the list stays open) while the option is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
          >
            <span className="search-combobox__title">{suggestion.title}</span>
            <span className="search-combobox__type">
              {[t(`type_${suggestion.type}`), searchDate(suggestion.type, suggestion.date, locale)].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {expanded ? t('suggestionsCount', { count: suggestions.length }) : ''}
      </p>
    </div>
  );
}
