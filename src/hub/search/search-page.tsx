/**
 * The results of the hub's one search (ADR 089), `/cms-hub/search?q=…`: a heading naming the text searched for (it
 * takes the focus when the results are there), how many were found, and a group per section with a heading, its
 * count and its hits, each linking to the record with its status and a few words around the match. Nothing is handed
 * to the DOM as HTML: the snippet's marks become elements, the rest is text.
 */
import { Link } from 'gatsby';
import React, { useEffect } from 'react';
import { adminMenuTitle } from '../../../contract/admin-menus';
import type { HubSearchGroup } from '../../../contract/hub/search';
import { snippetParts } from '../../components/search/snippet-parts';
import { refusalText } from '../../staff/refusal-texts';
import { hubApi } from '../api';
import { formatBerlin } from '../berlin-time';
import { useHub } from '../hub-context';
import { hubLanguage } from '../hub-language';
import { focusHeading, PageHeading } from '../page-heading';
import { texts as hubTexts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { searchTexts as texts } from './search-texts';

/** The text searched for, from the address. */
export const searchedText = (search: string) => (new URLSearchParams(search).get('q') ?? '').trim();

function Group({ group }: { group: HubSearchGroup }) {
  const title = adminMenuTitle(group.kind, hubLanguage()) ?? group.kind;
  const headingId = `kfh-search-${group.kind}`;
  return (
    <section className="kfh-card kfh-search-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.groupTitle(title, group.count)}</h2>
      {group.count > group.hits.length && <p className="kfh-note">{texts.shownOf(group.hits.length, group.count)}</p>}
      <ul className="kfh-search-hits">
        {group.hits.map((hit) => (
          <li key={hit.id}>
            <Link to={hit.url}>{hit.title || `#${hit.id}`}</Link>
            {hit.status && <span className="kfh-note"> · {hit.status === 'online' ? hubTexts.onlineYes : hubTexts.onlineNo}</span>}
            {hit.date && <span className="kfh-note"> · {texts.receivedAt(formatBerlin(hit.date))}</span>}
            {hit.snippet && (
              <p className="kfh-search-hits__snippet">
                {snippetParts(hit.snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <React.Fragment key={index}>{part.text}</React.Fragment>))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({ text }: { text: string }) {
  const [read] = useHubRead(text, (signal) => hubApi.search(text, signal));
  // The results are there: the focus moves to their heading, which says what was searched for.
  useEffect(() => {
    if (read.state === 'done') focusHeading();
  }, [read.state]);

  const heading = <PageHeading title={texts.resultsFor(text)} />;
  if (read.state === 'loading')
    return (
      <>
        {heading}
        <p role="status">{hubTexts.loading}</p>
      </>
    );
  const { result } = read;
  if (!result.ok)
    return (
      <>
        {heading}
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.failed(refusalText(result, hubLanguage()))}
        </p>
      </>
    );
  const found = result.data.groups.filter((group) => group.count > 0);
  const total = found.reduce((sum, group) => sum + group.count, 0);
  return (
    <>
      {heading}
      <p role="status">{total ? texts.summary(total, found.length) : texts.nothingFound(text)}</p>
      {found.map((group) => (
        <Group key={group.kind} group={group} />
      ))}
    </>
  );
}

export function SearchPage() {
  const text = searchedText(useHub().location.search);
  if (!text)
    return (
      <>
        <PageHeading title={texts.title} />
        <p>{texts.noQuery}</p>
      </>
    );
  return <Results key={text} text={text} />;
}
