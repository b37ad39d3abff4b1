/**
 * The dashboard's backup card (ADR 081) as the hub renders it: the newest backup in Berlin time and German numbers,
 * each warning in the dashboard's failure style, announced (role alert), with its next step; English when chosen.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BackupCard } from '../../contract/hub/dashboard';
import { Backups } from './dashboard-page';
import { setHubLanguage } from './hub-language';

const card = (fields: Partial<BackupCard>): BackupCard => ({
  interval_hours: 24,
  warn_after_hours: 48,
  last_done: { started_at: '2026-11-20T02:00:00.000Z', finished_at: '2026-11-20T02:03:00.000Z', bytes: 13_002_342, trigger: 'schedule', age_hours: 80 },
  last_failed: null,
  warnings: [],
  ...fields,
});

const render = (backup: BackupCard) => renderToStaticMarkup(<Backups backup={backup} />);
/** The text of each warning the card shows. */
const warnings = (html: string) => [...html.matchAll(/<p class="kfh-message kfh-message--error" role="alert" data-warning="(\w+)">([^<]*)<\/p>/g)].map((match) => [match[1], match[2]]);

afterEach(() => setHubLanguage('de'));

describe('the backup card', () => {
  it('shows the newest backup in Berlin time, its size and who started it, and no warning when all is well', () => {
    const html = render(card({ last_done: { ...card({}).last_done!, age_hours: 5 } }));
    expect(html).toContain('<dt>Letzte Sicherung</dt><dd>20.11.2026, 03:00</dd>');
    expect(html).toContain('<dt>Größe</dt><dd>12,4 MB</dd>');
    expect(html).toContain('<dt>Ausgelöst durch</dt><dd>Zeitplan des Servers</dd>');
    expect(html).toContain('<dt>Zeitplan</dt><dd>täglich</dd>');
    expect(warnings(html)).toEqual([]);
    expect(html).not.toContain('role="alert"');
  });

  it('warns when there is no backup at all, with the way to set one up', () => {
    const html = render(card({ interval_hours: 0, last_done: null, warnings: ['none'] }));
    expect(warnings(html)).toEqual([['none', expect.stringMatching(/^Es gibt noch keine Datensicherung\. Nächster Schritt: .*BACKUP_INTERVAL_HOURS.*npm run backup/)]]);
    expect(html).toContain('<dd>Keiner auf diesem Server (Sicherung per Befehl oder Timer)</dd>');
    expect(html).not.toContain('Letzte Sicherung');
  });

  it('warns when the newest backup is too old and when the last one failed, each with its next step', () => {
    const html = render(
      card({
        interval_hours: 6,
        last_failed: { started_at: '2026-11-23T09:00:00.000Z', trigger: 'schedule', error: 'ENOSPC: no space left on device' },
        warnings: ['stale', 'failed'],
      }),
    );
    expect(warnings(html)).toEqual([
      ['stale', expect.stringMatching(/^Die letzte Datensicherung ist 3 Tage alt\. Nächster Schritt: .*ab 48 Stunden\.$/)],
      ['failed', expect.stringMatching(/^Die letzte Datensicherung ist fehlgeschlagen: ENOSPC: no space left on device Nächster Schritt: Der Server versucht es/)],
    ]);
    expect(html).toContain('<dt>Letzter Versuch</dt><dd>23.11.2026, 10:00, fehlgeschlagen</dd>');
    expect(html).toContain('<dd>alle 6 Stunden</dd>');
    // A failed `npm run backup` is not tried again by the server: the step says to run it again.
    const command = render(card({ last_failed: { started_at: '2026-11-23T09:00:00.000Z', trigger: 'command', error: 'tar failed' }, warnings: ['failed'] }));
    expect(warnings(command)[0][1]).toMatch(/„npm run backup“ erneut aus\.$/);
  });

  it('speaks English when the staff member chose it', () => {
    setHubLanguage('en');
    const html = render(card({ warnings: ['stale'], last_done: { ...card({}).last_done!, age_hours: 30 } }));
    expect(html).toContain('<dt>Last backup</dt><dd>20 Nov 2026, 03:00</dd>');
    expect(html).toContain('<dt>Size</dt><dd>12.4 MB</dd>');
    expect(warnings(html)).toEqual([['stale', expect.stringMatching(/^The last backup is 30 hours old\. Next step: /)]]);
  });
});
