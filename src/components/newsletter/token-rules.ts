/** How the pages behind the mail links read the server's answers (messages fixed in shared/newsletter.ts). */
import { tokenErrors } from '../../../contract/newsletter';
import type { PostResult } from '../../lib/api-client';

export type TokenAction = 'confirm' | 'unsubscribe';

/** The message key for a refused token (the server's messages are fixed in shared/newsletter.ts). */
export function failureKey(action: TokenAction, result: PostResult<unknown>): string {
  if (result.ok) return '';
  const message = result.data.message;
  if (action === 'confirm') {
    if (message === tokenErrors.confirmUsed) return 'confirmUsed';
    if (message === tokenErrors.confirmExpired) return 'confirmExpired';
    if (result.status === 400 && result.data.field === 'body.token') return 'confirmInvalid';
  } else if (result.status === 400 && result.data.field === 'body.token') return 'unsubscribeInvalid';
  if (result.status === 429) return 'errorRateLimited';
  if (result.status === 403) return 'errorSession';
  if (result.status === 0) return 'errorNetwork';
  return 'errorGeneric';
}
