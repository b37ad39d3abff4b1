/**
 * Staff sessions (ADR 013). A session is a random 256-bit token in the `kf_session` cookie; the row's id is the
 * token's SHA-256, so neither a copy of the table nor a log line with an id lets anybody log in. A session ends
 * after 12 hours without use or 14 days after login, whichever comes first. Its last use is written at most once
 * a minute, so a busy editor does not turn every read into a write.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../database';
import type { StaffSessionRow } from '../tables/staff-session.table';
import type { StaffUser } from './staff-users';

export const SESSION_IDLE_MS = 12 * 60 * 60_000;
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60_000;
/** How stale last_seen_at may get before a request moves it forward. */
export const SESSION_TOUCH_MS = 60_000;

/** 32 random bytes in base64url: the only shape a token of ours has. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The row id of a session token. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (ms: number) => new Date(ms).toISOString();

export interface NewSession {
  /** Goes into the cookie and nowhere else. */
  token: string;
  session: StaffSessionRow;
}

/** Starts a session for the user and records the login time on the account. */
export async function createStaffSession(
  db: Db,
  { userId, ip, userAgent, now }: { userId: number; ip: string; userAgent: string; now: Date },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const at = now.getTime();
  const session: StaffSessionRow = {
    id: sessionIdOf(token),
    user_id: userId,
    created_at: iso(at),
    last_seen_at: iso(at),
    expires_at: iso(at + SESSION_MAX_AGE_MS),
    ip: ip.slice(0, 100),
    user_agent: userAgent.slice(0, 500),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('staff_session').values(session).execute();
    await trx.updateTable('staff_user').set({ last_login_at: session.created_at }).where('id', '=', userId).execute();
  });
  return { token, session };
}

export interface ValidSession {
  session: StaffSessionRow;
  /** The session's account, inactive ones included: refusing them is the caller's decision. */
  user: StaffUser;
}

/**
 * The session a cookie token belongs to with its user, when it has neither been idle for 12 hours nor passed its
 * absolute end; otherwise undefined. Moves last_seen_at forward when it is more than a minute old.
 */
export async function findValidStaffSession(db: Db, token: string | undefined, now: Date): Promise<ValidSession | undefined> {
  if (!token || !tokenShape.test(token)) return undefined;
  const row = await db
    .selectFrom('staff_session as s')
    .innerJoin('staff_user as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.ip',
      's.user_agent',
      'u.email',
      'u.username',
      'u.role',
      'u.is_active',
      'u.created_at as user_created_at',
      'u.updated_at as user_updated_at',
      'u.last_login_at',
      'u.staff_language',
    ])
    .where('s.id', '=', sessionIdOf(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const at = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (!(Date.parse(row.expires_at) > at) || !(lastSeen + SESSION_IDLE_MS > at)) return undefined;
  const session: StaffSessionRow = {
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    ip: row.ip,
    user_agent: row.user_agent,
  };
  if (at - lastSeen >= SESSION_TOUCH_MS) {
    session.last_seen_at = iso(at);
    await db.updateTable('staff_session').set({ last_seen_at: session.last_seen_at }).where('id', '=', row.id).execute();
  }
  const user: StaffUser = {
    id: row.user_id,
    email: row.email,
    username: row.username,
    role: row.role,
    is_active: row.is_active,
    created_at: row.user_created_at,
    updated_at: row.user_updated_at,
    last_login_at: row.last_login_at,
    staff_language: row.staff_language,
  };
  return { session, user };
}

/** Ends the session of a cookie token (logout); true when there was one. Expired or not makes no difference. */
export async function deleteStaffSession(db: Db, token: string | undefined): Promise<boolean> {
  if (!token || !tokenShape.test(token)) return false;
  const result = await db.deleteFrom('staff_session').where('id', '=', sessionIdOf(token)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes sessions past either limit; returns how many. */
export async function deleteExpiredStaffSessions(db: Db, now: Date): Promise<number> {
  const at = now.getTime();
  const result = await db
    .deleteFrom('staff_session')
    .where((eb) => eb.or([eb('expires_at', '<=', iso(at)), eb('last_seen_at', '<=', iso(at - SESSION_IDLE_MS))]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
