/**
 * An error group's words on the dashboard: what the site or the server wrote itself, in the hub's language from the
 * report's code and parameters (ADR 079), never by reading its English message back; an error's own message, as the
 * code or the build threw it, and a report stored before codes existed, as it was stored.
 */
import type { ErrorGroup } from '../../contract/error-reports';
import { texts } from './texts';

/**
 * The message: a link to a missing page, a failed save, a bare status and a day's overflow group of new kinds past the
 * cap (ADR 065) in the hub's language; any other as reported.
 */
export function messageText(group: ErrorGroup): string {
  if (group.kind === 'overflow') return texts.errorOverflow;
  const params = group.params ?? {};
  switch (group.code) {
    case 'linked_from':
      return params.from !== undefined ? texts.errorLinkedFrom(params.from) : group.message;
    case 'save_failed':
      return params.status ? texts.errorAnswer(params.status, params.reason ?? '') : texts.errorNoAnswer;
    case 'server_status':
      return params.status !== undefined ? texts.errorAnswer(params.status, '') : group.message;
    default:
      return group.message;
  }
}

/**
 * Where: a publish run or a backup (ADR 081) by its number; the overflow group's reports come from anywhere; else the
 * code's place, as reported.
 */
export function placeText(group: ErrorGroup): string {
  if (group.kind === 'overflow') return texts.errorOverflowPlace;
  if (group.code === 'publish_failed' && group.params?.run !== undefined) return texts.errorPublishRun(String(group.params.run));
  if (group.code === 'backup_failed' && group.params?.run !== undefined) return texts.errorBackupRun(String(group.params.run));
  return group.place || group.path || texts.none;
}
