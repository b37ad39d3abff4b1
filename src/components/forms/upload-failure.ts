/**
 * What a file field says when its upload failed. The upload call's refusals name the field `file` and come in the
 * page's language (server/src/services/forms/upload-messages.ts): a file the server could not take (400, 413), its
 * budget for the hour spent (429) or no room left for uploads on the site (507, ADR 064); those words are shown
 * as they are. What the server did not word for visitors (the rate limit's 429, a 500, a proxy's 502) gets a
 * sentence of ours.
 */
import type { PostResult } from '../../lib/api-client';
import { networkErrorStatus } from '../../lib/api-client';

export type UploadFailure = { key: 'uploadFailed' | 'uploadTooMany' | 'fileKind' } | { text: string };

export function uploadFailure(result: PostResult<unknown> & { ok: false }): UploadFailure {
  const { status, data } = result;
  // The upload call does not know the field, so its 415 lists every kind it takes: the field's own kinds instead.
  if (status === 415) return { key: 'fileKind' };
  if (data.field === 'file' && (status < 500 || status === 507)) return { text: data.message };
  if (status === 429) return { key: 'uploadTooMany' };
  if (status === networkErrorStatus || status >= 500) return { key: 'uploadFailed' };
  return { text: data.message };
}
