import type { PublishStatus } from '../api';
import { publishProgress, stillPublishing } from './publish-progress';

const run = (status: 'building' | 'live' | 'failed' | 'triggered', error: string | null = null) => ({
  id: 3,
  trigger_title: 'Event 7',
  status,
  from_cursor: null,
  to_cursor: '1:41',
  started_at: '2026-11-23T08:00:00.000Z',
  finished_at: null,
  duration_ms: null,
  pages_rewritten: null,
  error,
  deploy_id: null,
  deploy_state: null,
  deploy_url: null,
  retry_of: null,
});
const status = (over: Partial<PublishStatus>): PublishStatus => ({ mode: 'build', state: 'idle', deploy_notifications: false, saved_seq: 41, live_seq: 40, running: null, last: null, retrying: null, ...over });

describe('how far a save is on its way to the live site', () => {
  it('is pending while the live build is older than the save, queued or building', () => {
    expect(publishProgress(status({ state: 'pending' }), 41)).toBe('pending');
    expect(publishProgress(status({ state: 'building', running: run('building') }), 41)).toBe('pending');
    // The queue may not have noticed the save yet.
    expect(publishProgress(status({ state: 'live' }), 41)).toBe('pending');
    expect(stillPublishing('pending')).toBe(true);
  });

  it('is live once the live build reaches the save, or a later one', () => {
    expect(publishProgress(status({ state: 'live', live_seq: 41 }), 41)).toBe('live');
    expect(publishProgress(status({ state: 'building', saved_seq: 44, live_seq: 42 }), 41)).toBe('live');
    expect(stillPublishing('live')).toBe(false);
  });

  it('is failed when the last build failed before reaching the save', () => {
    expect(publishProgress(status({ state: 'failed', last: run('failed', 'gatsby exited with 1') }), 41)).toBe('failed');
    expect(stillPublishing('failed')).toBe(false);
  });

  it('says when this server publishes nothing, or hands the build to a hook', () => {
    expect(publishProgress(status({ mode: 'off', live_seq: null }), 41)).toBe('off');
    expect(publishProgress(status({ mode: 'hook', state: 'triggered', live_seq: null }), 41)).toBe('triggered');
    expect(stillPublishing('off')).toBe(false);
  });

  it('waits through triggered and deploying when Netlify reports its deploys, until live or failed', () => {
    const hook = { mode: 'hook' as const, deploy_notifications: true, live_seq: null };
    expect(publishProgress(status({ ...hook, state: 'triggered', last: run('triggered') }), 41)).toBe('pending');
    expect(publishProgress(status({ ...hook, state: 'deploying', last: { ...run('triggered'), deploy_state: 'building' } }), 41)).toBe('pending');
    expect(publishProgress(status({ ...hook, state: 'live', live_seq: 41 }), 41)).toBe('live');
    expect(publishProgress(status({ ...hook, state: 'failed', last: { ...run('failed', 'Build script returned non-zero exit code: 2'), deploy_state: 'error' } }), 41)).toBe('failed');
  });
});
