/**
 * What a staging copy (`npm run backup -- --anonymise`, ADR 081) does with each table: its rows travel as they are
 * (`keep`), are left out (`drop`), or travel with some values replaced (`replace`: personal data, and the database's
 * identity). The backup calls `row` for every row it dumps; a table without a rule throws, so a new table cannot
 * reach a staging copy before someone has decided what it holds. A replaced table names every column it knows, for
 * the same reason.
 *
 * The copy is for deploy previews and is shared with developers: it keeps the site (pages, programme, magazine,
 * forms with fake recipients, the ticket exchange's ads with fake contacts) and the staff accounts (fake addresses,
 * new passwords), and leaves out what visitors gave us (newsletter sign-ups, form entries and their files, consent
 * decisions, error reports) and whatever names a client address or a live login (sessions, rate-limit and upload
 * windows, used form tokens, the outbox).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { hashPasswordSync } from '../db/rules/passwords';
import { isEmailAddress } from '../../../contract/email-rule';

/** A dumped row: column name → canonical value (integers as numbers, text as strings, null). */
export type DumpRow = Record<string, string | number | null>;
export interface StagingPassword { username: string; email: string; password: string }
export interface Anonymiser {
  /** The row to write for `table` (changed or as it is), or null to leave it out. Throws for a table it has no rule for. */
  row(table: string, row: DumpRow): DumpRow | null;
  /** Whether the stored files of visitors' form uploads travel (never, for a staging copy). */
  readonly formFiles: false;
  /** The staff accounts whose passwords were replaced, with the new passwords, after the dump (to print). */
  passwords(): StagingPassword[];
}

/** The content and its history: what a preview shows and what the editors work on. Nothing in it is a visitor's. */
const kept = [
  'page',
  'page_translation',
  'hero',
  'container',
  'module',
  'media',
  'nav_item',
  'redirect',
  // The association's public contact details, shown in the footer.
  'site_settings',
  'venue',
  'event',
  'subscription',
  'subscription_event',
  'article_category',
  'article',
  'form_field',
  // Versions are kept of pages and of events, subscription series and articles only (ADR 031, ADR 059): content.
  'page_version',
  'record_version',
  // Sections kept unpublished (ADR 085): content, owned by staff accounts by id.
  'content_draft',
  // Which record changed when, by id and staff account; the logged kinds are content, and an ad only by its id.
  'change_log',
  // When staff last changed each owner's sections per language, to show the older translation (ADR 083).
  'section_change',
  'scheduled_change',
  'publish_run',
  'publish_request',
] as const;

/** Visitors' data and what only names a client, a login or a running server: none of it belongs in a copy. */
const dropped = [
  // Sign-ups with their double opt-in proof (addresses, sign-up and confirmation IPs, consent text version).
  'newsletter_subscriber',
  // What visitors sent through forms, with their address, and every uploaded file (attached or not yet).
  'form_entry',
  'temp_file',
  // The cookie banner's decisions, by the browser's consent id.
  'consent_log',
  // Error reports: scrubbed when stored, but still what visitors' browsers did (paths, times).
  'error_group',
  'error_event',
  'error_group_day',
  // Logins (client address, browser) and mails (addresses, names, what visitors wrote).
  'staff_session',
  'mail_outbox',
  // Keyed by client address (login throttle: also the name tried), or a visitor's upload.
  'rate_limit_window',
  'login_throttle_window',
  'upload_budget_window',
  'upload_reservation',
  'used_form_token',
  // Held by a process of the original's servers; a copy's servers take their own.
  'lease',
  // The original's backups (their files are not the copy's); the copy's dashboard shows its own.
  'backup_run',
  // Preview links (ADR 084) are made for people outside; a copy's staff make their own.
  'preview_link',
  // The outside-link checker's results and claims (ADR 086): a copy's servers check for themselves.
  'link_check',
] as const;

/** Every fake address ends in `.invalid`, a name that never resolves (RFC 6761): no staging mail reaches anyone. */
const fakeDomain = 'staging.invalid';

interface Replacement {
  /** Columns that travel as they are. */
  kept: readonly string[];
  /** Columns whose value is replaced, from the whole row. */
  replaced: Record<string, (row: DumpRow) => string | number | null>;
}

/** Tables that travel with some columns replaced (below); the rest of a row as it is. */
const replacedTables = ['staff_user', 'ticket_ad', 'form', 'meta'] as const;

function replacements(newPassword: (row: DumpRow) => string): Record<(typeof replacedTables)[number], Replacement> {
  return {
    // Accounts stay (usernames, roles, history by author); a fresh password each, listed by `passwords()`; the
    // address, often a private one, becomes one that names the account: staff log in by username as well.
    staff_user: {
      kept: ['id', 'username', 'role', 'is_active', 'created_at', 'updated_at', 'last_login_at', 'staff_language'],
      replaced: { email: stagingEmail, password_hash: (row) => hashPasswordSync(newPassword(row)) },
    },
    // The ads stay on the exchange; who placed them does not. The message is the placer's own free text (where a
    // phone number would go), so it goes too. Fresh token hashes: the placer's mailed links act on nothing here.
    ticket_ad: {
      kept: [
        'id',
        'event_id',
        'kind',
        'quantity',
        'price_category',
        'category_label_de',
        'category_label_en',
        'face_value_cents',
        'price_cents',
        'locale',
        'status',
        'confirm_expires_at',
        'created_at',
        'confirmed_at',
        'withdrawn_at',
        'expired_at',
      ],
      replaced: {
        name: (row) => `Kontakt ${row.id}`,
        email: (row) => `kontakt-${row.id}@${fakeDomain}`,
        message: () => '',
        confirm_token_hash: randomTokenHash,
        withdraw_token_hash: randomTokenHash,
      },
    },
    // Forms are content; who is told of an entry is not: people's addresses, and a preview's test entries must
    // not land in the association's inboxes. As many fake recipients as there were.
    form: {
      kept: [
        'id',
        'slug',
        'title_de',
        'title_en',
        'intro_de',
        'intro_en',
        'success_message_de',
        'success_message_en',
        'is_online',
        'created_at',
        'updated_at',
      ],
      replaced: { recipients: (row) => JSON.stringify(recipientsOf(row).map((_, n) => `empfaenger-${row.id}-${n + 1}@${fakeDomain}`)) },
    },
    // Not personal, but a copy is another database from its first own write: a new epoch makes the site build's
    // cursors from the original read as foreign (a full sync) rather than as a delta of changes it never had.
    meta: {
      kept: ['key'],
      replaced: { value: (row) => (row.key === 'epoch' ? randomUUID() : row.value) },
    },
  };
}

/** Every table the anonymiser knows, with what it does: 'keep' | 'drop' | 'replace'. */
export const anonymiseRules: Record<string, 'keep' | 'drop' | 'replace'> = Object.freeze({
  ...Object.fromEntries(kept.map((table) => [table, 'keep' as const])),
  ...Object.fromEntries(dropped.map((table) => [table, 'drop' as const])),
  ...Object.fromEntries(replacedTables.map((table) => [table, 'replace' as const])),
});

/** `<username>@staging.invalid`; a username that makes no address (`a..b`, `ab.`) gets one by id on a domain of its own. */
function stagingEmail(row: DumpRow): string {
  const byName = `${row.username}@${fakeDomain}`;
  return isEmailAddress(byName) ? byName : `${row.id}@staff.${fakeDomain}`;
}

const randomTokenHash = () => randomBytes(32).toString('hex');

function recipientsOf(row: DumpRow): unknown[] {
  try {
    const list: unknown = JSON.parse(String(row.recipients));
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Letters and digits that cannot be mistaken for one another (no i, l, o, 0, 1). */
const passwordAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four, e.g. `k7pq-m3xd-9hrt-wz4c`: 16 random characters (about 79 bits), easy to read out and type. */
function readablePassword(): string {
  const group = () => Array.from({ length: 4 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

export function createAnonymiser(options: { password?: (username: string) => string } = {}): Anonymiser {
  const makePassword = options.password ?? readablePassword;
  /** By username: an account dumped twice keeps the password it was given first. */
  const issued = new Map<string, StagingPassword>();

  const newPassword = (row: DumpRow) => {
    const username = String(row.username);
    let entry = issued.get(username);
    if (!entry) {
      entry = { username, email: stagingEmail(row), password: makePassword(username) };
      issued.set(username, entry);
    }
    return entry.password;
  };
  const replaced: Record<string, Replacement> = replacements(newPassword);

  return {
    formFiles: false,
    row(table, row) {
      const rule = Object.hasOwn(anonymiseRules, table) ? anonymiseRules[table] : undefined;
      if (!rule) throw new Error(`anonymise: no rule for table ${table}`);
      if (rule === 'keep') return row;
      if (rule === 'drop') return null;
      const { kept: keptColumns, replaced: columns } = replaced[table];
      const out: DumpRow = {};
      for (const [column, value] of Object.entries(row)) {
        if (Object.hasOwn(columns, column)) out[column] = columns[column](row);
        else if (keptColumns.includes(column)) out[column] = value;
        else throw new Error(`anonymise: no rule for column ${table}.${column}`);
      }
      return out;
    },
    passwords: () => [...issued.values()].map((entry) => ({ ...entry })),
  };
}
