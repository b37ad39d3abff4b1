/**
 * A publish run as a sentence for the dashboard (issue 16, ADR 033): what its newest save did, from the data the
 * server keeps (contract/save-descriptions.ts), e.g. "Kleinanzeige 3 freigegeben von redaktion" or
 * "Module in „Startseite › start-willkommen“ neu geordnet". Runs from before keep their stored English title.
 */
import type { RunSaves, SaveDescription } from '../../contract/save-descriptions';

/** A hub section's record in the singular, by section key (contract/admin-menus.ts). */
const recordNames: Record<string, string> = {
  events: 'Veranstaltung',
  'ticket-ads': 'Kleinanzeige',
  'form-entries': 'Einsendung',
  newsletter: 'Newsletter-Anmeldung',
  pages: 'Seite',
  forms: 'Formular',
  media: 'Bild',
  categories: 'Kategorie',
  venues: 'Spielstätte',
  subscriptions: 'Abonnement',
  articles: 'Artikel',
  users: 'Benutzerkonto',
  settings: 'Einstellungen',
  redirects: 'Weiterleitung',
  navigation: 'Navigation',
  scheduled: 'Geplant',
};

/** Hub actions as past participles (server/src/hub/resources/ticket-ads.ts `actions`). */
const verbs: Record<string, string> = { approve: 'freigegeben', withdraw: 'zurückgezogen', confirm: 'bestätigt' };

const quoted = (name: string | undefined, fallback: string) => (name ? `„${name}“` : fallback);

function whatHappened(save: SaveDescription, names: Pick<RunSaves, 'containerName' | 'pageName'>): string {
  const section = quoted(names.containerName, `Bereich ${save.container ?? ''}`.trim());
  const record = `${recordNames[save.section ?? ''] ?? 'Eintrag'}${save.id !== undefined ? ` ${save.id}` : ''}`;
  switch (save.action) {
    case 'container_created':
      return 'Neuer Bereich angelegt';
    case 'container_changed':
      return `Layout von ${section} geändert`;
    case 'container_restored':
      return `${section} wiederhergestellt`;
    case 'module_added':
      return `Modul zu ${section} hinzugefügt`;
    case 'module_changed':
      return `Modul in ${section} geändert`;
    case 'module_deleted':
      return `Modul aus ${section} gelöscht`;
    case 'module_moved':
      return `Modul aus ${section} verschoben`;
    case 'modules_reordered':
      return `Module in ${section} neu geordnet`;
    case 'page_restored':
      return `${quoted(names.pageName, `Seite ${save.page ?? ''}`.trim())} auf eine frühere Version zurückgesetzt`;
    case 'record_created':
      return `${recordNames[save.section ?? ''] ?? 'Eintrag'} angelegt`;
    case 'record_changed':
      return `${record} geändert`;
    case 'record_deleted':
      return `${record} gelöscht`;
    case 'record_action':
      return `${record} ${verbs[save.verb ?? ''] ?? 'bearbeitet'}`;
    case 'schedule_applied':
      return `Geplant: ${recordNames[save.section ?? ''] ?? 'Eintrag'} ${quoted(save.name, String(save.id ?? ''))} ${save.verb === 'offline' ? 'offline genommen' : 'online gestellt'}`;
    default:
      return 'Änderung gespeichert';
  }
}

/** The run's sentence in German (the hub's language), with language, author and earlier saves. */
export function runSentence(saves: RunSaves): string {
  const { newest, earlier } = saves;
  let sentence = whatHappened(newest, saves);
  if (newest.locale === 'en') sentence += ' (englische Seite)';
  // A scheduled change was made by the server, at the time the author set.
  if (newest.by) sentence += newest.action === 'schedule_applied' ? ` (eingeplant von ${newest.by})` : ` von ${newest.by}`;
  if (earlier > 0) sentence += `, dazu ${earlier} ${earlier === 1 ? 'frühere Änderung' : 'frühere Änderungen'}`;
  return sentence;
}
