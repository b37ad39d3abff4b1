import { setHubLanguage } from './hub-language';
import { runSentence } from './run-sentences';

describe('a publish run as a German sentence', () => {
  it('says what the newest save did, where, by whom, and how many came before', () => {
    expect(runSentence({ newest: { action: 'record_action', section: 'ticket-ads', id: 3, verb: 'approve', locale: 'de', by: 'redaktion' }, earlier: 0 })).toBe(
      'Kleinanzeige 3 freigegeben von redaktion',
    );
    expect(
      runSentence({ newest: { action: 'modules_reordered', container: 247, locale: 'de', by: 'redaktion' }, earlier: 2, containerName: 'Startseite › start-willkommen' }),
    ).toBe('Module in „Startseite › start-willkommen“ neu geordnet von redaktion, dazu 2 frühere Änderungen');
    expect(runSentence({ newest: { action: 'module_changed', container: 5, module: 9, locale: 'en' }, earlier: 1 })).toBe(
      'Modul in Bereich 5 geändert (englische Seite), dazu 1 frühere Änderung',
    );
    expect(runSentence({ newest: { action: 'page_restored', page: 4, version: 2, locale: 'de' }, earlier: 0, pageName: 'Verein' })).toBe(
      '„Verein“ auf eine frühere Version zurückgesetzt',
    );
  });

  it('says which scheduled change the server applied and who planned it', () => {
    expect(runSentence({ newest: { action: 'schedule_applied', section: 'pages', id: 7, verb: 'online', name: 'Sommerfest', locale: 'de', by: 'redaktion' }, earlier: 0 })).toBe(
      'Geplant: Seite „Sommerfest“ online gestellt (eingeplant von redaktion)',
    );
    expect(runSentence({ newest: { action: 'schedule_applied', section: 'events', id: 3, verb: 'offline', name: 'Konzert', locale: 'de' }, earlier: 1 })).toBe(
      'Geplant: Veranstaltung „Konzert“ offline genommen, dazu 1 frühere Änderung',
    );
  });

  it('never shows a method, a path or English', () => {
    const sentence = runSentence({ newest: { action: 'other', path: 'PUT something/else', locale: 'de', by: 'admin' }, earlier: 0 });
    expect(sentence).toBe('Änderung gespeichert von admin');
  });

  it('speaks English when the staff member chose English', () => {
    setHubLanguage('en');
    try {
      expect(runSentence({ newest: { action: 'record_action', section: 'ticket-ads', id: 3, verb: 'approve', locale: 'de', by: 'redaktion' }, earlier: 2 })).toBe(
        'Ticket ad 3 approved by redaktion, plus 2 earlier changes',
      );
      expect(runSentence({ newest: { action: 'schedule_applied', section: 'pages', id: 7, verb: 'online', name: 'Sommerfest', locale: 'en', by: 'redaktion' }, earlier: 0 })).toBe(
        'Scheduled: Page “Sommerfest” put online (English page) (scheduled by redaktion)',
      );
    } finally {
      setHubLanguage('de');
    }
  });
});
