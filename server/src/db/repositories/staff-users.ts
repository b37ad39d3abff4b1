/**
 * Staff accounts. Users are not content: nothing here touches the change log, and the rows never reach the
 * site build. Listing leaves the password hashes out; only the login lookup returns one, to check a password.
 */
import { ContentConflictError, ContentNotFoundError, ContentValidationError } from '../errors';
import { hashPassword } from '../rules/passwords';
import { isEmailAddress } from '../../../../contract/email-rule';
import type { Db } from '../database';
import type { StaffUserRow } from '../tables/staff-user.table';
import { isStaffRole, staffRoles, type StaffRole } from '../../../../contract/staff-roles';
import { inTransaction, nowIso } from './shared';
import { isLocale, locales } from '../../../../contract/locales';


/** A staff account as it may be shown: everything but the password hash. */
export type StaffUser = Omit<StaffUserRow, 'password_hash'>;

export interface CreateStaffUserInput {
  email: string;
  username: string;
  /** Plain text; only its scrypt hash is stored. */
  password: string;
  role: StaffRole;
}

const usernameShape = /^[a-z0-9][a-z0-9._-]{1,39}$/;

/** Logins are matched case-insensitively by storing and looking up lower-case values. */
const loginKey = (value: string) => value.trim().toLowerCase();

/**
 * The account's login names normalised (trimmed, lower-case) and checked, without the password. Throws a
 * ContentValidationError naming the field. createStaffUser runs it too; callers use it to refuse bad input early.
 */
export function checkStaffUserInput(input: Omit<CreateStaffUserInput, 'password'>) {
  const email = typeof input.email === 'string' ? loginKey(input.email) : '';
  const username = typeof input.username === 'string' ? loginKey(input.username) : '';
  if (!email) throw new ContentValidationError('email', 'email is required').because('required');
  if (!isEmailAddress(email)) {
    throw new ContentValidationError('email', `email must be an address like name@example.org, got "${input.email}"`).because('invalid_email');
  }
  if (!username) throw new ContentValidationError('username', 'username is required').because('required');
  if (!usernameShape.test(username)) {
    throw new ContentValidationError(
      'username',
      'username must be 2–40 characters: letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
  }
  if (!isStaffRole(input.role)) {
    throw new ContentValidationError('role', `role must be one of: ${staffRoles.join(', ')}`).because('not_allowed_value', { allowed: staffRoles.join(', ') });
  }
  return { email, username, role: input.role };
}

/** Every column but the hash. */
const staffUserColumns = [
  'id',
  'email',
  'username',
  'role',
  'is_active',
  'created_at',
  'updated_at',
  'last_login_at',
  'staff_language',
] as const satisfies readonly (keyof StaffUser)[];

/**
 * Adds a staff account. Throws ContentValidationError naming the field for bad input (including a password
 * shorter than the minimum) and ContentConflictError when the email or username is taken.
 */
export async function createStaffUser(db: Db, input: CreateStaffUserInput): Promise<StaffUser> {
  const { email, username, role } = checkStaffUserInput(input);
  // Hashing takes tens of milliseconds; done before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const taken = await trx
      .selectFrom('staff_user')
      .select(['email', 'username'])
      .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
      .execute();
    if (taken.some((row) => row.email === email)) {
      throw new ContentConflictError('email', `email ${email} already belongs to a staff user`).because('email_taken');
    }
    if (taken.length) throw new ContentConflictError('username', `username ${username} is already taken`);
    const now = nowIso();
    return trx
      .insertInto('staff_user')
      .values({ email, username, password_hash: passwordHash, role, created_at: now, updated_at: now })
      .returning(staffUserColumns)
      .executeTakeFirstOrThrow();
  });
}

/**
 * The account a login name refers to, by email or username in any case, with its password hash. Inactive
 * accounts are returned too: refusing them is the login's decision.
 */
export function findStaffUserByLogin(db: Db, emailOrUsername: string): Promise<StaffUserRow | undefined> {
  const key = loginKey(emailOrUsername);
  if (!key) return Promise.resolve(undefined);
  return db
    .selectFrom('staff_user')
    .selectAll()
    .where(key.includes('@') ? 'email' : 'username', '=', key)
    .executeTakeFirst();
}

/** The account's username (for naming who did something), or undefined when the account is gone. */
export const staffUsername = (db: Db, id: number) => db.selectFrom('staff_user').select('username').where('id', '=', id).executeTakeFirst();

export function listStaffUsers(db: Db): Promise<StaffUser[]> {
  return db.selectFrom('staff_user').select(staffUserColumns).orderBy('id').execute();
}

/**
 * Sets the language the account reads the editor and the hub in (ADR 061). Only the person themselves calls it
 * (`POST user/language/`). Throws ContentValidationError naming `staff_language` for anything but a site language.
 */
export async function setStaffLanguage(db: Db, id: number, language: unknown): Promise<StaffUser> {
  if (typeof language !== 'string' || !isLocale(language)) {
    throw new ContentValidationError('staff_language', `staff_language must be one of: ${locales.join(', ')}`).because('not_allowed_value');
  }
  const updated = await db
    .updateTable('staff_user')
    .set({ staff_language: language, updated_at: nowIso() })
    .where('id', '=', id)
    .returning(staffUserColumns)
    .executeTakeFirst();
  if (!updated) throw new ContentNotFoundError(`Staff user ${id} not found`, 'id');
  return updated;
}

export interface UpdateStaffUserInput {
  email?: string;
  username?: string;
  role?: StaffRole;
  is_active?: boolean;
  /** A new password (plain text, the same rules as on creation); left out keeps the current one. */
  password?: string;
}

/**
 * Changes a staff account: login names, role, active flag and optionally the password. Throws ContentValidationError
 * naming the field for bad input, ContentConflictError when the email or username belongs to another account,
 * ContentNotFoundError for no such account. Disabling an account or setting its password ends its sessions, in the
 * same transaction, so a disabled account is out at once and a leaked password stops working. `keepSession` is the
 * session making the change: a person setting their own password stays logged in there, and only there.
 */
export async function updateStaffUser(db: Db, id: number, input: UpdateStaffUserInput, keepSession?: string | null): Promise<StaffUser> {
  const current = await db.selectFrom('staff_user').select(staffUserColumns).where('id', '=', id).executeTakeFirst();
  if (!current) throw new ContentNotFoundError(`Staff user ${id} not found`, 'id');
  const { email, username, role } = checkStaffUserInput({
    email: input.email ?? current.email,
    username: input.username ?? current.username,
    role: input.role ?? current.role,
  });
  if (input.is_active !== undefined && typeof input.is_active !== 'boolean') {
    throw new ContentValidationError('is_active', 'is_active must be true or false').because('not_yes_no');
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const taken = await trx
      .selectFrom('staff_user')
      .select(['email', 'username'])
      .where('id', '<>', id)
      .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
      .execute();
    if (taken.some((row) => row.email === email)) {
      throw new ContentConflictError('email', `email ${email} already belongs to another staff user`).because('email_taken');
    }
    if (taken.length) throw new ContentConflictError('username', `username ${username} is already taken`);
    const isActive = input.is_active === undefined ? current.is_active : input.is_active ? 1 : 0;
    const updated = await trx
      .updateTable('staff_user')
      .set({ email, username, role, is_active: isActive, updated_at: nowIso(), ...(passwordHash ? { password_hash: passwordHash } : {}) })
      .where('id', '=', id)
      .returning(staffUserColumns)
      .executeTakeFirstOrThrow();
    if (!isActive || passwordHash) {
      let ended = trx.deleteFrom('staff_session').where('user_id', '=', id);
      if (isActive && keepSession) ended = ended.where('id', '<>', keepSession);
      await ended.execute();
    }
    return updated;
  });
}
