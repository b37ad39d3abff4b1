/**
 * Every refusal code the content server can give (its one list, contract/refusal-codes.ts; the server's
 * refusal walk, server/src/test/refusal-walk.test.ts, checks every staff endpoint answers only codes of it) has a
 * German and an English sentence here, neither empty nor a leftover of the other language, nor a field path.
 */
import { refusalCodes, type RefusalParams } from '../../contract/refusal-codes';
import { refusalSentence, refusalText, refusalTexts, type Refused } from './refusal-texts';

/** Values for every parameter a sentence may use, so a sentence that reads one shows it. */
const params: RefusalParams = {
  count: 5,
  limit: 120,
  seconds: 42,
  entity: 'article',
  id: 99999,
  hosts: 'www.youtube.com, vimeo.com',
  names: '„Konzerte“',
  allowed: 'main, footer',
  who: 'redaktion',
  at: '2026-11-25T10:55:00.000Z',
  width: 9000,
  height: 9000,
};

/** Words that give away an English sentence; none of them is German. */
const englishWords = /\b(the|please|must|is|are|not|this|with|already|cannot|only|your|field)\b/i;

describe('refusal texts', () => {
  it('covers the server list exactly, no code missing and none extra', () => {
    expect(Object.keys(refusalTexts.de).sort()).toEqual([...refusalCodes].sort());
    expect(Object.keys(refusalTexts.en).sort()).toEqual([...refusalCodes].sort());
  });

  it.each(refusalCodes)('%s has a German and an English sentence', (code) => {
    const de = refusalSentence(code, 'de', params);
    const en = refusalSentence(code, 'en', params);
    for (const text of [de, en]) {
      expect(text.trim().length).toBeGreaterThan(8);
      expect(text).not.toMatch(/undefined|NaN|\[object|\$\{/);
      expect(text).not.toMatch(/\b(body|module|params|query)\.|children\.\d/);
      expect(text).toMatch(/[.!?]$/);
    }
    expect(de).not.toBe(en);
    expect(de).not.toMatch(englishWords);
  });

  it('uses the params a sentence needs', () => {
    expect(refusalSentence('login_throttled', 'de', { seconds: 42 })).toBe('Zu viele Versuche. Bitte in 42 Sekunden erneut versuchen.');
    expect(refusalSentence('category_not_empty', 'de', { count: 5 })).toContain('noch 5 Artikel');
    expect(refusalSentence('in_use', 'de', { count: 1, entity: 'event' })).toContain('1 Veranstaltung)');
    expect(refusalSentence('in_use', 'en', { count: 3, entity: 'event' })).toContain('3 events');
    expect(refusalSentence('stale_save', 'de', { who: 'redaktion', at: '2026-11-25T10:55:00.000Z' })).toContain('redaktion');
    expect(refusalSentence('stale_save', 'de', { who: 'redaktion', at: '2026-11-25T10:55:00.000Z' })).toContain('11:55');
    // A subtree's delete names the subpage that blocks it; a move names the address that is taken.
    expect(refusalSentence('page_in_navigation', 'de', { page: '„Satzung“', names: '„FAQ“' })).toContain('auf die Unterseite „Satzung“: „FAQ“');
    expect(refusalSentence('page_in_settings', 'en', {})).toContain('name this page');
    expect(refusalSentence('path_taken', 'de', { path: '/de/kontakt/archiv' })).toBe('Unter dieser Adresse gibt es schon eine Seite. Belegt ist /de/kontakt/archiv.');
    expect(refusalSentence('subpages_changed', 'de', { count: 3 })).toContain('jetzt 3 Unterseiten');
  });

  it('never shows the English message of an answer, with or without a known code', () => {
    const answer = (status: number, data: Refused['data']): Refused => ({ ok: false, status, data });
    const refused = answer(400, { message: 'body.start_at must be an ISO 8601 date', code: 'invalid_datetime', field: 'body.start_at' });
    expect(refusalText(refused, 'de')).toBe(refusalSentence('invalid_datetime', 'de'));
    expect(refusalText(answer(400, { message: 'Something new', code: 'a_code_from_a_newer_server' }), 'de')).toBe('Die Anfrage wurde abgelehnt (Status 400).');
    expect(refusalText(answer(500, { message: 'An internal server error has occurred.' }), 'de')).toMatch(/^Auf dem Server/);
    expect(refusalText(answer(0, { message: 'Failed to fetch' }), 'de')).toMatch(/^Der Server ist nicht erreichbar/);
    expect(refusalText(answer(0, { message: 'Failed to fetch' }), 'en')).toMatch(/^The server cannot be reached/);
  });
});
