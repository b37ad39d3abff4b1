/**
 * A publish run as a sentence for the dashboard (ADR 033), in the hub's language (./run-texts.ts): what its newest save did, from the data the
 * server keeps (contract/save-descriptions.ts), e.g. "Kleinanzeige 3 freigegeben von redaktion" or
 * "Module in „Startseite › start-willkommen“ neu geordnet". Runs from before keep their stored English title.
 */
import type { RunSaves, SaveDescription } from '../../contract/save-descriptions';
import { runTexts } from './run-texts';

const quoted = (name: string | undefined, fallback: string) => (name ? runTexts.quoted(name) : fallback);

function whatHappened(save: SaveDescription, names: Pick<RunSaves, 'containerName' | 'pageName'>): string {
  const t = runTexts;
  const section = quoted(names.containerName, t.section(String(save.container ?? '')));
  const recordName = t.recordNames[save.section ?? ''] ?? t.record;
  const record = `${recordName}${save.id !== undefined ? ` ${save.id}` : ''}`;
  switch (save.action) {
    case 'container_created':
      return t.containerCreated;
    case 'container_changed':
      return t.containerChanged(section);
    case 'container_restored':
      return t.containerRestored(section);
    case 'module_added':
      return t.moduleAdded(section);
    case 'module_changed':
      return t.moduleChanged(section);
    case 'module_deleted':
      return t.moduleDeleted(section);
    case 'module_moved':
      return t.moduleMoved(section);
    case 'modules_reordered':
      return t.modulesReordered(section);
    case 'page_restored':
      return t.pageRestored(quoted(names.pageName, t.page(String(save.page ?? ''))));
    case 'record_created':
      return t.recordCreated(recordName);
    case 'record_changed':
      return t.recordChanged(record);
    case 'record_deleted':
      return t.recordDeleted(record);
    case 'record_action':
      return t.recordAction(record, t.verbs[save.verb ?? ''] ?? t.otherVerb);
    case 'schedule_applied':
      return t.scheduleApplied(recordName, quoted(save.name, String(save.id ?? '')), save.verb === 'offline');
    default:
      return t.otherSave;
  }
}

/** The run's sentence in the hub's language (./hub-language.ts), with language, author and earlier saves. */
export function runSentence(saves: RunSaves): string {
  const { newest, earlier } = saves;
  let sentence = whatHappened(newest, saves);
  if (newest.locale === 'en') sentence += runTexts.englishPage;
  // A scheduled change was made by the server, at the time the author set.
  if (newest.by) sentence += newest.action === 'schedule_applied' ? runTexts.scheduledBy(newest.by) : runTexts.by(newest.by);
  if (earlier > 0) sentence += runTexts.earlier(earlier);
  return sentence;
}
