/**
 * A version beside the page as it is now, per language, line by line (ADR 017, ADR 031): changed lines are
 * labelled ("geändert", "entfernt", "neu") and marked up as <del> and <ins>, not told by colour alone; long
 * unchanged runs are folded. The one comparison the hub's versions page and the editor's versions dialog show,
 * with what the version changed above it. Staff only: imported by the editor and the hub, never by visitors' code.
 */
import React from 'react';
import type { VersionTexts as Comparison } from '../../../contract/schemas/page-texts';
import type { Locale } from '../../../contract/locales';
import { useStyleElement } from '../style-element';
import { locales } from '../../../contract/locales';
import { describeChanges, type DescribeOptions, type VersionChange } from './describe-changes';
import { historyTexts } from './history-texts';
import { differs, diffLines, diffRows } from './line-diff';
import { versionLines, type LocaleTexts } from './version-lines';

export type { Comparison };

const css = `
.kfv-diff-wrap { overflow-x: auto; margin-bottom: var(--space-3); }
.kfv-diff { border-collapse: collapse; width: 100%; table-layout: fixed; font-size: 0.95rem; }
.kfv-diff caption { text-align: left; font-weight: 600; padding-bottom: var(--space-2); }
.kfv-diff th, .kfv-diff td { text-align: left; padding: var(--space-2); border-bottom: 1px solid var(--color-border); vertical-align: top; }
.kfv-diff thead th { border-bottom: 2px solid var(--color-text); }
.kfv-diff td { width: 50%; white-space: pre-wrap; overflow-wrap: anywhere; }
.kfv-diff del, .kfv-diff ins { text-decoration-thickness: 1px; }
.kfv-diff__removed { background: #fbeaea; }
.kfv-diff__added { background: #e5f2e8; }
.kfv-diff__label { display: inline-block; margin-right: var(--space-1); padding: 0 var(--space-1); border: 1px solid currentColor; border-radius: var(--radius); font-size: 0.8rem; font-weight: 700; text-decoration: none; }
.kfv-diff__skipped td { color: var(--color-muted); font-style: italic; text-align: center; }
.kfv-note { color: var(--color-muted); }
.kfv-changes { margin: 0; padding: 0; list-style: none; }
.kfv-changes > * { display: block; }
.kfv-changes--list { padding-left: var(--space-4); list-style: disc; }
.kfv-changes--list > * { display: list-item; }
.kfv-badge { display: inline-block; padding: 0 var(--space-1); border-radius: var(--radius); border: 1px solid currentColor; font-size: 0.85rem; font-weight: 600; color: var(--color-success); }
`;

/** The comparison's styles, added as text when a screen showing it mounts (like the editor's own). */
export function useVersionStyles() {
  useStyleElement('kf-version-styles', css);
}

/**
 * What a version changed, one sentence a line: as a list (`list`), or as lines of a row of a bigger list (the
 * default), where at most `limit` are shown and the rest counted.
 */
export function VersionChanges({ summary, options, limit, list = false }: { summary: readonly VersionChange[]; options: DescribeOptions; limit?: number; list?: boolean }) {
  useVersionStyles();
  const sentences = describeChanges(summary, options);
  const shown = limit !== undefined && sentences.length > limit ? sentences.slice(0, limit - 1) : sentences;
  const rest = sentences.length - shown.length;
  if (list) {
    return (
      <ul className="kfv-changes kfv-changes--list">
        {sentences.map((sentence, index) => (
          <li key={index}>{sentence}</li>
        ))}
      </ul>
    );
  }
  return (
    <span className="kfv-changes">
      {shown.map((sentence, index) => (
        <span key={index}>{sentence}</span>
      ))}
      {rest > 0 && <span>{historyTexts[options.locale].moreShown(rest)}</span>}
    </span>
  );
}

/** Two states of a page's texts in one language side by side, and what to call each column. */
export interface TextsPair {
  before: LocaleTexts | null;
  after: LocaleTexts | null;
  columns: { before: string; after: string };
  /** Said above the table when the left side has no texts in the language. */
  beforeMissing?: string;
}

/**
 * The line by line comparison of two states of a page's texts in `language`: a version and the page now, or the
 * live sections and a draft's (src/editor/draft-changes-dialog.tsx).
 */
export function TextsDiff({ language, pair, options }: { language: Locale; pair: TextsPair; options: DescribeOptions }) {
  useVersionStyles();
  const t = historyTexts[options.locale];
  const name = t.language[language];
  const before = versionLines(pair.before, options.locale, options.names);
  const after = versionLines(pair.after, options.locale, options.names);
  if (!differs(before, after)) return <p>{t.noDifferenceIn(name)}</p>;
  const label = (text: string) => <span className="kfv-diff__label">{text}</span>;
  return (
    <>
      {!pair.before && pair.beforeMissing && <p className="kfv-note">{pair.beforeMissing}</p>}
      <div className="kfv-diff-wrap">
        <table className="kfv-diff">
          <caption>{t.diffCaption(name)}</caption>
          <thead>
            <tr>
              <th scope="col">{pair.columns.before}</th>
              <th scope="col">{pair.columns.after}</th>
            </tr>
          </thead>
          <tbody>
            {diffRows(diffLines(before, after)).map((row, index) => {
              switch (row.kind) {
                case 'same':
                  return (
                    <tr key={index}>
                      <td>{row.left}</td>
                      <td>{row.right}</td>
                    </tr>
                  );
                case 'changed':
                  return (
                    <tr key={index}>
                      <td className="kfv-diff__removed">
                        {label(t.changed)} <del>{row.left}</del>
                      </td>
                      <td className="kfv-diff__added">
                        {label(t.changed)} <ins>{row.right}</ins>
                      </td>
                    </tr>
                  );
                case 'removed':
                  return (
                    <tr key={index}>
                      <td className="kfv-diff__removed">
                        {label(t.removed)} <del>{row.left}</del>
                      </td>
                      <td />
                    </tr>
                  );
                case 'added':
                  return (
                    <tr key={index}>
                      <td />
                      <td className="kfv-diff__added">
                        {label(t.added)} <ins>{row.right}</ins>
                      </td>
                    </tr>
                  );
                default:
                  return (
                    <tr key={index} className="kfv-diff__skipped">
                      <td colSpan={2}>{t.skipped(row.count)}</td>
                    </tr>
                  );
              }
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * What `version` changed, then its comparison with the page now in each language, under headings of `level`
 * (below the heading the caller gives the comparison).
 */
export function VersionComparison({ version, options, level = 3 }: { version: Comparison; options: DescribeOptions; level?: 3 | 4 }) {
  useVersionStyles();
  const t = historyTexts[options.locale];
  const Heading = `h${level}` as const;
  const same = locales.every(
    (language) => !differs(versionLines(version.texts[language], options.locale, options.names), versionLines(version.current[language], options.locale, options.names)),
  );
  return (
    <>
      <Heading>{t.whatChanged}</Heading>
      {version.published && <p>{t.publishedLong}</p>}
      <VersionChanges summary={version.summary} options={options} list />
      <p>{t.diffIntro}</p>
      {same ? (
        <p>{t.noDifference}</p>
      ) : (
        locales.map((language) => (
          <section key={language} aria-labelledby={`version-diff-${language}`}>
            <Heading id={`version-diff-${language}`}>{t.language[language]}</Heading>
            <TextsDiff
              language={language}
              options={options}
              pair={{
                before: version.texts[language],
                after: version.current[language],
                columns: { before: `${t.columnVersion} (${options.when(version.created_at)})`, after: t.columnNow },
                beforeMissing: t.notInVersion,
              }}
            />
          </section>
        ))
      )}
    </>
  );
}
