import React, { type ReactNode } from 'react';

/** The query a GET form sends (`?reihe=2&monat=2027-01`), read from the form as it stands. */
function formQuery(form: HTMLFormElement): string {
  const query = new URLSearchParams();
  new FormData(form).forEach((value, name) => {
    if (typeof value === 'string') query.append(name, value);
  });
  return `?${query.toString()}`;
}

interface Props {
  /** The form's accessible name. */
  label: string;
  /** The list's own page: without script the form loads it with the choice as its query. */
  action: string;
  /** The submit button's text. */
  apply: string;
  /** With script: the form's query, to be read as the page's address is read on arrival. */
  onApply: (query: string) => void;
  /** The fields, each named as the address names its filter. */
  children: ReactNode;
  /** Controls after the submit button (the programme's reset). */
  after?: ReactNode;
}

/**
 * A list's filter form that works with and without script (ADR 070, WCAG H32): a GET form to the list's page with a
 * submit button, so without script the choice loads the page with the filters in its query, which the page's script
 * reads on arrival. With script the list filters at once on each choice, and the button applies the form as it
 * stands through the same reading of the query.
 */
export function FilterForm({ label, action, apply, onApply, children, after }: Props) {
  return (
    <form
      className="event-filter"
      aria-label={label}
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(formQuery(event.currentTarget));
      }}
    >
      {children}
      <button type="submit" className="button">
        {apply}
      </button>
      {after}
    </form>
  );
}
