/**
 * How far a save has come on its way to the live site, from the publish queue's answer (`GET publish/`, ADR 013).
 * Without React, so it is tested on its own.
 *
 * A save answers before the queue has built it, and it does not say its change-log number. The first answer
 * read after the save names it, or a later one: `saved_seq` then is at least the save's number, so the save is
 * live once `live_seq` reaches it (a later save being live makes this one live too).
 */
import type { PublishStatus } from '../api';

export type PublishProgress =
  /** Waiting for or inside a rebuild. */
  | 'pending'
  /** The rebuild holding the save is live. */
  | 'live'
  /** The last rebuild failed; the next save retries. */
  | 'failed'
  /** This server publishes nothing (a build elsewhere picks the change up). */
  | 'off'
  /** Handed to the hosting's build hook, and Netlify's deploy notifications are not set up to report back. */
  | 'triggered';

export function publishProgress(status: PublishStatus, savedSeq: number): PublishProgress {
  if (status.mode === 'off') return 'off';
  if (status.live_seq !== null && status.live_seq >= savedSeq) return 'live';
  if (status.state === 'failed') return 'failed';
  // With deploy notifications a triggered or deploying run still ends as live or failed: keep waiting for it.
  if (status.mode === 'hook' && status.state === 'triggered' && !status.deploy_notifications) return 'triggered';
  return 'pending';
}

/** Whether to keep asking the queue. */
export const stillPublishing = (progress: PublishProgress) => progress === 'pending';
