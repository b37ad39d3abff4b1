/**
 * A staging copy (ADR 081) end to end: an anonymised backup of a site holding visitors' and staff's personal data,
 * restored, holds none of it in any table, in any file or in any page built from it.
 *
 * The original is a real content server (start-server.ts, as bench/lib/bench-site.ts starts one) on a seeded SQLite
 * database in a temp folder (server/src/test/site-from-data.ts). The personal data is planted through the server's
 * own routes (personal-data.fixture.ts, shared with anonymise.test.ts): newsletter sign-ups (one confirmed, with its
 * proof), a membership entry with an uploaded file and an upload never sent, a contact message, a ticket ad
 * confirmed through its mailed link and a visitor's answer to it, the cookie banner's decision, an error report, a
 * staff login from a browser of its own, a failed login, and the mails all this queued.
 *
 * What the public pages show of it: the exchange page lists the confirmed ad with its placer's first name and
 * message (ad-card.tsx); nothing else planted reaches a page. The build reads the ads from the public exchange call
 * (source-ads.ts), so the original's call is read as the build reads it and must carry both: the scan of the copy's
 * built site would find them if the copy kept them, and the copy's card shows its stand-in name in the same place.
 * The original is not built itself: a cold build costs minutes of CI on two cores, and the round-trip test
 * (round-trip.test.ts) already shows that a site built from a restored copy is the original's, byte for byte. The
 * other strings are shown to be in the original's database, and the uploaded files' bytes in its DATA_DIR.
 *
 * The copy: `takeBackup` with the anonymiser's rows (what `npm run backup -- --anonymise` does), restored into a
 * fresh SQLite DATA_DIR and, with TEST_DATABASE_URL set, into an empty PostgreSQL schema. Scanned for every planted
 * string (case-insensitive, and URL-encoded too) and the uploaded files' bytes: every row of every table as text,
 * every file under the restored DATA_DIR, the archive unpacked (gunzip), and every file of a site built from a server
 * on the restored SQLite data in a fresh workspace. Its staff log in with the passwords the anonymiser printed, and
 * no longer with the old ones.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { loadConfig, type DatabaseConfig } from '../config';
import { createDatabase } from '../db/create-database';
import type { Database } from '../db/database';
import { dialectOf } from '../db/dialect';
import { demoStaff } from '../seed/demo-staff';
import { fetchLiveAds } from '../../../plugins/gatsby-source-konzertfreunde/src/source-ads';
import { startSiteFromData, type SiteFromData } from '../test/site-from-data';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test/test-database';
import { createAnonymiser, type Anonymiser } from './anonymise';
import { takeBackup, type BackupResult } from './backup';
import { planted, plantedFiles, plantedStaff, plantPersonalData } from './personal-data.fixture';
import { restoreBackup, type RestoreResult } from './restore';

// A cold Gatsby build of the copy and a seed; on two cores the build takes minutes.
jest.setTimeout(12 * 60_000);

/** What must not be in a copy: each planted string as it is and URL-encoded, and each uploaded file's bytes. */
interface Sought {
  what: string;
  /** Case-insensitive (lower-cased text on both sides). */
  text?: string;
  /** Exact bytes (a file's content). */
  bytes?: Buffer;
}

function soughtList(files: Record<string, Buffer>): Sought[] {
  const sought: Sought[] = [];
  for (const [what, value] of Object.entries(planted)) {
    sought.push({ what, text: value.toLowerCase() });
    const encoded = encodeURIComponent(value).toLowerCase();
    if (encoded !== value.toLowerCase()) sought.push({ what: `${what} (URL-encoded)`, text: encoded });
  }
  for (const [what, bytes] of Object.entries(files)) sought.push({ what: `file ${what}`, bytes });
  return sought;
}

/** The names of what `sought` finds in `content` (bytes, or text). */
function found(sought: Sought[], content: Buffer | string): string[] {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const lower = bytes.toString('utf8').toLowerCase();
  return sought.filter((item) => (item.text !== undefined ? lower.includes(item.text) : bytes.includes(item.bytes!))).map((item) => item.what);
}

/** Every file under `root` (recursively) with its bytes; none when `root` does not exist. */
async function filesUnder(root: string): Promise<{ file: string; bytes: Buffer }[]> {
  const out: { file: string; bytes: Buffer }[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push({ file: path.relative(root, full), bytes: await fs.readFile(full) });
    }
  };
  await walk(root);
  return out;
}

/** Where in the files under `root` anything sought is: `file: what` lines; [] when nothing. */
async function foundInFiles(sought: Sought[], root: string): Promise<{ files: number; hits: string[] }> {
  const files = await filesUnder(root);
  return { files: files.length, hits: files.flatMap(({ file, bytes }) => found(sought, bytes).map((what) => `${file}: ${what}`)) };
}

/** Every row of every table of `db` (the search index and the migrations' own included), all columns as text. */
async function databaseText(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables =
    dialectOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  const text: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    text[name] = rows
      .map((row) => Object.values(row).map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value))).join('\t'))
      .join('\n');
  }
  return text;
}

/** Where in the database anything sought is: `table: what` lines; [] when nothing. */
async function foundInDatabase(sought: Sought[], database: DatabaseConfig): Promise<{ tables: number; rows: number; hits: string[] }> {
  const db = createDatabase({ database });
  try {
    const text = await databaseText(db);
    const hits = Object.entries(text).flatMap(([table, rows]) => found(sought, rows).map((what) => `${table}: ${what}`));
    const rows = Object.values(text).reduce((sum, rows) => sum + (rows ? rows.split('\n').length : 0), 0);
    return { tables: Object.keys(text).length, rows, hits };
  } finally {
    await db.destroy();
  }
}

/** The exchange's card of ad `id` on a built page, or undefined. */
function adCard(html: string, id: number): string | undefined {
  return new RegExp(`<article[^>]*data-ad-id="${id}"[^>]*>[\\s\\S]*?</article>`).exec(html)?.[0];
}

const exchangePage = (publicDir: string) => fs.readFile(path.join(publicDir, 'de', 'kartenboerse', 'index.html'), 'utf8');

/** Logs `login` in with `password` over HTTP as a browser does (CSRF cookie and header first); the answer's status. */
async function logIn(url: string, login: string, password: string): Promise<number> {
  const csrf = await fetch(`${url}/de/api/csrf/`);
  const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(csrf.headers.getSetCookie().join('; '))?.[1];
  if (!token) throw new Error(`GET /de/api/csrf/ set no csrftoken cookie (status ${csrf.status})`);
  const response = await fetch(`${url}/de/pageeditor-api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${token}`, 'x-csrftoken': token, origin: url },
    body: JSON.stringify({ login, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('a staging copy: an anonymised backup restored', () => {
  let temp: string;
  let original: SiteFromData | undefined;
  let adId: number;
  let sought: Sought[];
  let anonymiser: Anonymiser;
  let backup: BackupResult;
  let plainBackup: BackupResult;
  let restoredDataDir: string;

  beforeAll(async () => {
    temp = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-staging-copy-'));
    original = await startSiteFromData(path.join(temp, 'original'));
    ({ adId } = await plantPersonalData(original.server.app, original.server.db, new Date()));
    sought = soughtList(await plantedFiles());
  });
  afterAll(async () => {
    await original?.close();
    await fs.rm(temp, { recursive: true, force: true });
  });

  describe('the original', () => {
    it('holds every planted string in its database, and the uploaded files in its DATA_DIR', async () => {
      const inDatabase = await foundInDatabase(sought, original!.config.database);
      expect(Object.keys(planted).filter((what) => !inDatabase.hits.some((hit) => hit.endsWith(`: ${what}`)))).toEqual([]);
      const inFiles = await foundInFiles(sought, original!.config.dataDir);
      expect(inFiles.hits).toEqual(expect.arrayContaining([expect.stringMatching(/^uploads\/entries\/.*: file proof$/), expect.stringMatching(/^uploads\/tmp\/.*: file unattached$/)]));
    });

    it('lists the ad’s placer and message in the exchange call the build reads its ads from', async () => {
      const ads = await fetchLiveAds(original!.server.url, 'de', 10_000);
      const ad = ads.find((entry) => entry.id === adId);
      expect(ad).toMatchObject({ first_name: planted.adFirstName, message: planted.adMessage });
      expect(found(sought, JSON.stringify(ads)).sort()).toEqual(['adFirstName', 'adMessage']);
    });
  });

  describe('the anonymised backup', () => {
    beforeAll(async () => {
      anonymiser = createAnonymiser();
      backup = await takeBackup({ config: original!.config, file: path.join(temp, 'staging.tar.gz'), rows: anonymiser.row.bind(anonymiser) });
      // The same site backed up as it is, for the scan of an archive to be seen finding what is there.
      plainBackup = await takeBackup({ config: original!.config, file: path.join(temp, 'plain.tar.gz') });
      await original!.close();
      original = undefined;
    });

    /** A restore's database (every table, the search index it rebuilt too) and DATA_DIR, scanned whole: nothing planted. */
    async function expectNothingPlantedIn(result: RestoreResult, database: DatabaseConfig, dataDir: string) {
      expect(result.rows).toBeGreaterThan(1000);
      const inDatabase = await foundInDatabase(sought, database);
      expect(inDatabase.tables).toBeGreaterThan(40);
      expect(inDatabase.rows).toBeGreaterThan(result.rows);
      expect(inDatabase.hits).toEqual([]);
      const inFiles = await foundInFiles(sought, dataDir);
      expect(inFiles.files).toBeGreaterThan(10);
      expect(inFiles.hits).toEqual([]);
    }

    it('is marked anonymised, holds no visitor’s upload, and holds nothing planted anywhere in its bytes', async () => {
      expect(backup.manifest.anonymised).toBe(true);
      expect(backup.manifest.files.filter((file) => !file.path.startsWith('media/'))).toEqual([]);
      const unpacked = gunzipSync(await fs.readFile(backup.file));
      expect(unpacked.includes(Buffer.from('"anonymised": true'))).toBe(true);
      expect(found(sought, unpacked)).toEqual([]);
      // A backup that is not anonymised holds every planted string and both uploaded files.
      expect(found(sought, gunzipSync(await fs.readFile(plainBackup.file)))).toEqual(expect.arrayContaining([...Object.keys(planted), 'file proof', 'file unattached']));
    });

    it('restores into a fresh SQLite DATA_DIR with nothing planted in any table or file', async () => {
      restoredDataDir = path.join(temp, 'restored');
      const { database } = loadConfig({ DATA_DIR: restoredDataDir });
      await expectNothingPlantedIn(await restoreBackup({ config: { dataDir: restoredDataDir, database }, archive: backup.file }), database, restoredDataDir);
    });

    (testDatabaseUrl ? it : it.skip)('restores into an empty PostgreSQL schema with nothing planted in any table or file', async () => {
      const dataDir = path.join(temp, 'restored-postgres');
      const target: TestDatabase = await createTestDatabase('postgres', temp);
      await target.db.destroy();
      try {
        await expectNothingPlantedIn(await restoreBackup({ config: { dataDir, database: target.config }, archive: backup.file }), target.config, dataDir);
      } finally {
        await target.drop();
      }
    });

    describe('a server on the restored SQLite data', () => {
      let restored: SiteFromData;
      beforeAll(async () => {
        restored = await startSiteFromData(restoredDataDir);
      });
      afterAll(() => restored?.close());

      it('builds a site with nothing planted in any file; the exchange shows the ad by its stand-in contact', async () => {
        const { publicDir } = await restored.build(path.join(temp, 'site-restored'));
        const { files, hits } = await foundInFiles(sought, publicDir);
        expect(files).toBeGreaterThan(100);
        expect(hits).toEqual([]);
        // The placer is `Kontakt <id>` now; the card shows a name's first word (ticket-exchange.ts), and no message.
        const card = adCard(await exchangePage(publicDir), adId);
        expect(card).toContain('<dd>Kontakt</dd>');
        expect(card).not.toContain('ad-card__message');
        const ad = await restored.server.db.selectFrom('ticket_ad').select(['name', 'email', 'status']).where('id', '=', adId).executeTakeFirstOrThrow();
        expect(ad).toEqual({ name: `Kontakt ${adId}`, email: `kontakt-${adId}@staging.invalid`, status: 'confirmed' });
      });

      it('lets staff log in with the passwords the anonymiser listed, and no longer with the old ones', async () => {
        const passwords = anonymiser.passwords();
        expect(passwords.map((entry) => entry.username).sort()).toEqual([...demoStaff.map((account) => account.username), plantedStaff.username].sort());
        for (const { username, password } of passwords) expect({ username, status: await logIn(restored.server.url, username, password) }).toEqual({ username, status: 200 });
        for (const { username, password } of [...demoStaff, plantedStaff]) {
          expect({ username, status: await logIn(restored.server.url, username, password) }).toEqual({ username, status: 401 });
        }
      });
    });
  });
});
