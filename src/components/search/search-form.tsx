import { navigate } from 'gatsby';
import React, { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { SearchSuggestion } from '../../../contract/schemas/search';
import { queryProblem, searchAnswerPath } from '../../../contract/search-rules';
import type { Locale } from '../../../contract/locales';
import { SearchCombobox } from './search-combobox';
import type { SearchRoute } from './search-route';
import { searchRoutePath } from './search-route';
import { setSearchString } from './search-store';

interface Props {
  locale: Locale;
  value: string;
  onChange: (value: string) => void;
  /** The route a submitted search goes to (the summary, or the category being looked at), without its query. */
  target?: Omit<SearchRoute, 'query'>;
  /** Called before the form leads elsewhere (the header closes its search field). */
  onLeave?: () => void;
  onEscape?: () => void;
  /** A string the search would refuse was sent: the search page takes its old results away. */
  onRefused?: () => void;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The search form (a `search` landmark): the field with its suggestions and a submit button. Without script it is
 * an ordinary GET form to the content server, which answers with the results (ADR 073); with script, submitting
 * goes to the search page with the string (page 1), and choosing a suggestion opens its page. A string the search
 * would refuse is explained below the field instead of being sent; the explanation belongs to that string, so it
 * goes when the field's value changes, whoever changes it.
 */
export function SearchForm({ locale, value, onChange, target = { category: null, page: 1 }, onLeave, onEscape, onRefused, autoFocus, className }: Props) {
  const { t } = useTranslation('search');
  const inputId = useId();
  const hintId = useId();
  const [refused, setRefused] = useState<{ value: string; text: string } | null>(null);
  const hint = refused?.value === value ? refused.text : null;

  const change = (next: string) => {
    setRefused(null);
    setSearchString(next);
    onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = queryProblem(value);
    if (problem) {
      setRefused({ value, text: t(`problem_${problem}`) });
      onRefused?.();
      return;
    }
    setRefused(null);
    onLeave?.();
    void navigate(searchRoutePath(locale, { ...target, page: 1, query: value }));
  };

  const choose = (suggestion: SearchSuggestion) => {
    onLeave?.();
    void navigate(suggestion.url);
  };

  return (
    <form
      role="search"
      aria-label={t('formLabel')}
      className={`search-form ${className ?? ''}`}
      method="get"
      action={searchAnswerPath(locale)}
      onSubmit={submit}
      noValidate
    >
      <label htmlFor={inputId} className="search-form__label">
        {t('fieldLabel')}
      </label>
      <div className="search-form__row">
        <SearchCombobox
          locale={locale}
          id={inputId}
          value={value}
          onChange={change}
          onChoose={choose}
          onEscape={onEscape}
          autoFocus={autoFocus}
          placeholder={t('placeholder')}
          describedBy={hint ? hintId : undefined}
        />
        <button type="submit" className="button search-form__submit">
          {t('submit')}
        </button>
      </div>
      {target.category && <input type="hidden" name="category" value={target.category} />}
      {hint && (
        <p id={hintId} className="search-form__hint" role="alert">
          {hint}
        </p>
      )}
    </form>
  );
}
