/** The staff calls' one 401 handling: the registered login is shown, and the call is sent again after a login. */
import type { PostResult } from '../lib/api-client';
import { onSessionEnded, withSession } from './staff-api';

const answers = (...statuses: number[]) => {
  const sent: number[] = [];
  const run = async (): Promise<PostResult<string>> => {
    const status = statuses[sent.length] ?? 200;
    sent.push(status);
    return status === 200 ? { ok: true, status, data: 'saved' } : { ok: false, status, data: { message: 'Not logged in' } };
  };
  return { run, sent };
};

it('sends again after the login resolved true, and as often as the session ends', async () => {
  let logins = 0;
  const stop = onSessionEnded(async () => {
    logins += 1;
    return true;
  });
  const { run, sent } = answers(401, 401, 200);
  expect(await withSession(run)).toEqual({ ok: true, status: 200, data: 'saved' });
  expect(sent).toEqual([401, 401, 200]);
  expect(logins).toBe(2);
  stop();
});

it('answers the 401 when the login was cancelled or only shown (the hub), and when nobody shows one', async () => {
  const shown: string[] = [];
  const stop = onSessionEnded(() => void shown.push('login form'));
  const first = answers(401);
  expect(await withSession(first.run)).toMatchObject({ ok: false, status: 401 });
  expect(first.sent).toEqual([401]);
  expect(shown).toEqual(['login form']);
  stop();
  const second = answers(401);
  expect(await withSession(second.run)).toMatchObject({ ok: false, status: 401 });
  expect(shown).toEqual(['login form']);
});

it('leaves other refusals alone', async () => {
  const stop = onSessionEnded(() => {
    throw new Error('not for a 403');
  });
  const { run, sent } = answers(403);
  expect(await withSession(run)).toMatchObject({ ok: false, status: 403 });
  expect(sent).toEqual([403]);
  stop();
});
