/**
 * An error group's words on the dashboard, in the hub's language where the site wrote the message itself, the code's or
 * the build's own message as it was thrown.
 */
import type { ErrorGroup } from '../../contract/error-reports';
import { texts } from './texts';

/**
 * The message in the hub's language where the site wrote it itself (a link to a missing page, a failed save, a bare status, a
 * publish run); an error's own message, as the code or the build threw it, stays as it was.
 */
export function messageText(group: ErrorGroup): string {
  const linked = /^Not found: linked from (.+)$/.exec(group.message);
  if (group.kind === 'route' && linked) return texts.errorLinkedFrom(linked[1]);
  const save = /^Save failed: (?:no answer|\d+ ?(.*))$/.exec(group.message);
  if (group.kind === 'save' && save) return group.status ? texts.errorAnswer(group.status, save[1] ?? '') : texts.errorNoAnswer;
  if (group.kind === 'server' && group.status !== null && group.message === `HTTP ${group.status}`) return texts.errorAnswer(group.status, '');
  return group.message;
}

/** Where: a publish run by its number; else the code's place, as reported. */
export function placeText(group: ErrorGroup): string {
  const run = /^publish run (\d+)$/.exec(group.path);
  if (group.kind === 'publish' && run) return texts.errorPublishRun(run[1]);
  return group.place || group.path || texts.none;
}

