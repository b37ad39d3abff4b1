/**
 * An error group's words on the dashboard, in the hub's language where the site wrote the message itself, the code's or
 * the build's own message as it was thrown.
 */
import type { ErrorGroup } from '../../contract/error-reports';
import { texts } from './texts';

/**
 * The message in the hub's language where the site wrote it itself (a link to a missing page, a failed save, a bare
 * status, a publish run, a day's overflow group of new kinds past the cap: ADR 065); an error's own message, as the
 * code or the build threw it, stays as it was.
 */
export function messageText(group: ErrorGroup): string {
  if (group.kind === 'overflow') return texts.errorOverflow;
  const linked = /^Not found: linked from (.+)$/.exec(group.message);
  if (group.kind === 'route' && linked) return texts.errorLinkedFrom(linked[1]);
  const save = /^Save failed: (?:no answer|\d+ ?(.*))$/.exec(group.message);
  if (group.kind === 'save' && save) return group.status ? texts.errorAnswer(group.status, save[1] ?? '') : texts.errorNoAnswer;
  if (group.kind === 'server' && group.status !== null && group.message === `HTTP ${group.status}`) return texts.errorAnswer(group.status, '');
  return group.message;
}

/** Where: a publish run by its number; the overflow group's reports come from anywhere; else the code's place, as reported. */
export function placeText(group: ErrorGroup): string {
  if (group.kind === 'overflow') return texts.errorOverflowPlace;
  const run = /^publish run (\d+)$/.exec(group.path);
  if (group.kind === 'publish' && run) return texts.errorPublishRun(run[1]);
  return group.place || group.path || texts.none;
}

