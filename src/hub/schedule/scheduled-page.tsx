/**
 * `/cms-hub/scheduled` ("Geplant"): every scheduled change, soonest first (`GET hub/scheduled/`, ADR 035): what
 * (kind and title, linked to its change page, where the schedule is edited), the action, the time in Berlin and
 * who set it; a change that could not be applied says why.
 */
import { Link } from 'gatsby';
import React from 'react';
import type { ScheduledItem } from '../../../contract/hub/scheduled';
import { getJson } from '../../staff/staff-api';
import { hubLocale } from '../api';
import { formatBerlin } from '../berlin-time';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { useHubRead } from '../use-hub-read';
import { refusalText } from '../../staff/refusal-texts';
import { texts } from '../texts';
import { scheduleTexts as t } from './schedule-texts';
import { hubLanguage } from '../hub-language';

/** The hub section whose change page edits each kind of record. */
const sections: Record<ScheduledItem['entity'], string> = { page: 'pages', event: 'events', article: 'articles' };

const linkTo = (item: ScheduledItem) => (item.entity === 'event' ? hubPaths.event(item.entity_id) : hubPaths.sectionRecord(sections[item.entity], item.entity_id));

export function ScheduledPage() {
  const [read] = useHubRead('scheduled', (signal) => getJson<{ results: ScheduledItem[] }>(`/${hubLocale}/pageeditor-api/hub/scheduled/`, { signal }));
  const items = read.state === 'done' && read.result.ok ? read.result.data.results : undefined;
  return (
    <>
      <PageHeading title={t.title} />
      <p>{t.intro}</p>
      {read.state === 'loading' && <p role="status">{t.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {items && !items.length && <p role="status">{t.empty}</p>}
      {items && items.length > 0 && (
        <div className="kfh-table-wrap">
          <table className="kfh-table">
            <caption>{t.count(items.length)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.by}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    {t.kinds[item.entity]} <Link to={linkTo(item)}>{item.title}</Link>
                  </th>
                  <td>
                    {t.actions[item.action]}
                    {item.error && <p className="kfh-message kfh-message--error">{t.failed(item.error)}</p>}
                  </td>
                  <td>
                    <time dateTime={item.due_at}>{formatBerlin(item.due_at)}</time>
                  </td>
                  <td>{item.by ?? t.unknownAuthor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
