import path from 'node:path';
import { ConfigError, loadConfig, repoRoot } from './config';
import { uploadLimitsOf } from './services/forms/upload-budget';
import { backupSettingsOf } from './backup/settings';

describe('loadConfig', () => {
  it('has working defaults: port 8000 on loopback, SQLite under var/, the published site under var/site', () => {
    expect(loadConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: path.join(repoRoot, 'var'),
      publicDir: path.join(repoRoot, 'var', 'site'),
      database: { dialect: 'sqlite', file: path.join(repoRoot, 'var', 'konzertfreunde.sqlite') },
      logLevel: 'info',
      mailFrom: 'Konzertfreunde <noreply@konzertfreunde.example>',
      minFillMs: 3000,
      release: expect.stringMatching(/^konzertfreunde-site@0\.1\.0(\+[0-9a-f]{12})?$/),
    });
  });

  it('reads the mail, public URL and form settings; SITE_URL stands in for PUBLIC_URL', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pw@mail.example.org:587',
      MAIL_FROM: 'Verein <post@verein.example>',
      PUBLIC_URL: 'https://www.verein.example/',
      SECRET_KEY: 'k'.repeat(40),
      MIN_FILL_MS: '500',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://user:pw@mail.example.org:587',
      mailFrom: 'Verein <post@verein.example>',
      publicUrl: 'https://www.verein.example',
      secretKey: 'k'.repeat(40),
      minFillMs: 500,
    });
    expect(loadConfig({ SITE_URL: 'http://localhost:9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('trusts proxies only when told how many hops or which addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    const signing = 's'.repeat(32);
    expect(loadConfig({ TRUST_PROXY: '1', PROXY_SIGNATURE_SECRET: signing })).toMatchObject({ trustProxy: 1, proxySignatureSecret: signing });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,2001:db8::/32' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '2001:db8::/32']);
    for (const bad of ['true', '0', '11', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be a number of proxy hops/);
    }
  });

  it('refuses a hop count without the proxy signature secret, and a short secret, without echoing it (ADR 029)', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY as a number of hops needs PROXY_SIGNATURE_SECRET/);
    // An address list needs no signature: a client connecting directly is not a listed proxy.
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).proxySignatureSecret).toBeUndefined();
    let error: unknown;
    try {
      loadConfig({ TRUST_PROXY: '1', PROXY_SIGNATURE_SECRET: 'short-but-secret' });
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).toMatch(/PROXY_SIGNATURE_SECRET must be at least 32 characters/);
    expect(String(error)).not.toContain('short-but-secret');
  });

  it('refuses bad mail and security settings without echoing the SMTP password', () => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail', MAIL_FROM: 'nobody', PUBLIC_URL: 'https://x.example/de', SECRET_KEY: 'short', MIN_FILL_MS: '-1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(5);
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'SECRET_KEY', 'MIN_FILL_MS']) expect(message).toMatch(name);
    expect(message).not.toMatch(/hunter2/);
  });

  it('takes a BUILD_TOKEN of 32+ printable characters as is and refuses others without echoing them', () => {
    const token = `kf_${'Ab9-'.repeat(8)}`;
    expect(loadConfig({ BUILD_TOKEN: token }).buildToken).toBe(token);
    expect(loadConfig({}).buildToken).toBeUndefined();
    for (const bad of ['hunter2-too-short', `${'s3cr3t'.repeat(6)} with space`, `${'s3cr3t'.repeat(6)}\u0007`, `${'s3cr3t'.repeat(6)}ä`, 'x'.repeat(513)]) {
      let error: unknown;
      try {
        loadConfig({ BUILD_TOKEN: bad });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const { problems, message } = error as ConfigError;
      expect(problems).toEqual([expect.stringMatching(/^BUILD_TOKEN must be at least 32 \(at most 512\) printable ASCII characters/)]);
      expect(message).not.toContain(bad.slice(0, 12));
    }
  });

  it('reads the CDN purge settings together, with Netlify\'s API by default, and refuses bad ones without echoing the token (ADR 050)', () => {
    const token = 'nfp_0123456789abcdefghijklmnopqrstuv';
    const siteId = '12345678-90ab-cdef-1234-567890abcdef';
    expect(loadConfig({}).netlifyPurge).toBeUndefined();
    expect(loadConfig({ NETLIFY_PURGE_TOKEN: token, NETLIFY_SITE_ID: siteId }).netlifyPurge).toEqual({ token, siteId, apiUrl: 'https://api.netlify.com' });
    expect(loadConfig({ NETLIFY_PURGE_TOKEN: token, NETLIFY_SITE_ID: siteId, NETLIFY_API_URL: 'http://127.0.0.1:4100/' }).netlifyPurge?.apiUrl).toBe('http://127.0.0.1:4100');
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).message).not.toContain('nfp_');
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf({ NETLIFY_PURGE_TOKEN: token })).toEqual([expect.stringMatching(/^NETLIFY_PURGE_TOKEN and NETLIFY_SITE_ID are needed together/)]);
    expect(problemsOf({ NETLIFY_SITE_ID: siteId })).toEqual([expect.stringMatching(/^NETLIFY_PURGE_TOKEN and NETLIFY_SITE_ID are needed together/)]);
    expect(problemsOf({ NETLIFY_PURGE_TOKEN: 'nfp_ short', NETLIFY_SITE_ID: siteId })).toEqual([expect.stringMatching(/^NETLIFY_PURGE_TOKEN must be 16 or more printable/)]);
    expect(problemsOf({ NETLIFY_PURGE_TOKEN: token, NETLIFY_SITE_ID: 'my-site' })).toEqual([expect.stringMatching(/^NETLIFY_SITE_ID must be the site's Project ID/)]);
    for (const url of ['http://api.netlify.com', 'https://api.netlify.com/api/v1', 'ftp://127.0.0.1', 'https://user:pw@api.netlify.com']) {
      expect(problemsOf({ NETLIFY_PURGE_TOKEN: token, NETLIFY_SITE_ID: siteId, NETLIFY_API_URL: url })).toEqual([expect.stringMatching(/^NETLIFY_API_URL must be an https:\/\/ origin/)]);
    }
  });

  it('selects PostgreSQL with a postgres:// DATABASE_URL and resolves folders against the repository', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/konzertfreunde',
      DATA_DIR: 'tmp/data',
      PUBLIC_DIR: '/srv/site',
      PORT: '0',
      HOST: '0.0.0.0',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://app@db.internal:5432/konzertfreunde' });
    expect(config.dataDir).toBe(path.join(repoRoot, 'tmp', 'data'));
    expect(config.publicDir).toBe('/srv/site');
    expect(config.port).toBe(0);
  });

  it('fails listing every bad variable at once, without echoing the database URL', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '80a', DATABASE_URL: 'mysql://root:hunter2@db/x', LOG_LEVEL: 'loud', HOST: 'a b' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(4);
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/HOST/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).not.toMatch(/hunter2/);
  });

  it('names the release and reads the error service settings; refuses a DSN that is not one without echoing it (ADR 057)', () => {
    expect(loadConfig({ KF_RELEASE: 'v2.3.1' }).release).toBe('v2.3.1');
    expect(loadConfig({ COMMIT_REF: 'ABCDEF0123456789abcdef0123456789abcdef01' }).release).toBe('konzertfreunde-site@0.1.0+abcdef012345');
    expect(loadConfig({ SENTRY_DSN: 'https://0123abcd@glitchtip.verein.example/7', SENTRY_ENVIRONMENT: 'staging' })).toMatchObject({
      sentryDsn: 'https://0123abcd@glitchtip.verein.example/7',
      sentryEnvironment: 'staging',
    });
    for (const dsn of ['https://glitchtip.verein.example/7', 'ftp://key@host/7', 'https://key@host/project', 'https://key@host/7?secret=hunter2']) {
      let error: unknown;
      try {
        loadConfig({ SENTRY_DSN: dsn });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/SENTRY_DSN must be a DSN/);
      expect((error as ConfigError).message).not.toContain(dsn);
    }
    expect(() => loadConfig({ SENTRY_ENVIRONMENT: 'prod uction' })).toThrow(/SENTRY_ENVIRONMENT/);
  });

  it('reads the budget of visitors\' uploads in bytes, with defaults for what is unset, and refuses less than one upload (ADR 064)', () => {
    expect(loadConfig({}).tempUploads).toBeUndefined();
    expect(uploadLimitsOf(loadConfig({}))).toEqual({ folder: 2 * 1024 ** 3, perAddress: 50 * 1024 ** 2, perSite: 500 * 1024 ** 2, windowMs: 3_600_000 });
    const config = loadConfig({ TEMP_UPLOADS_MAX_BYTES: '1073741824', TEMP_UPLOADS_BYTES_PER_ADDRESS_PER_HOUR: '20971520', TEMP_UPLOADS_BYTES_PER_HOUR: '104857600' });
    expect(uploadLimitsOf(config)).toEqual({ folder: 1024 ** 3, perAddress: 20 * 1024 ** 2, perSite: 100 * 1024 ** 2, windowMs: 3_600_000 });
    expect(uploadLimitsOf(loadConfig({ TEMP_UPLOADS_BYTES_PER_HOUR: '104857600' }))).toMatchObject({ folder: 2 * 1024 ** 3, perSite: 100 * 1024 ** 2 });
    let error: unknown;
    try {
      loadConfig({ TEMP_UPLOADS_MAX_BYTES: '1G', TEMP_UPLOADS_BYTES_PER_ADDRESS_PER_HOUR: '1000', TEMP_UPLOADS_BYTES_PER_HOUR: '-5' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'TEMP_UPLOADS_MAX_BYTES must be a number of bytes of at least 10485760 (the largest upload a form takes), got "1G"',
      'TEMP_UPLOADS_BYTES_PER_ADDRESS_PER_HOUR must be a number of bytes of at least 10485760 (the largest upload a form takes), got "1000"',
      'TEMP_UPLOADS_BYTES_PER_HOUR must be a number of bytes of at least 10485760 (the largest upload a form takes), got "-5"',
    ]);
  });

  it('reads the backup settings with defaults for what is unset, and refuses bad ones all at once (ADR 081)', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(backupSettingsOf(loadConfig({ DATA_DIR: '/srv/kf' }))).toEqual({ dir: '/srv/kf/backups', intervalHours: 0, keep: 14, warnAfterHours: 48 });
    const config = loadConfig({ BACKUP_DIR: 'elsewhere/backups', BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '30', BACKUP_WARN_AFTER_HOURS: '12' });
    expect(config.backup).toEqual({ dir: path.join(repoRoot, 'elsewhere', 'backups'), intervalHours: 6, keep: 30, warnAfterHours: 12 });
    // The warning's default: 48 hours, or twice a longer interval.
    expect(backupSettingsOf(loadConfig({ BACKUP_INTERVAL_HOURS: '24' })).warnAfterHours).toBe(48);
    expect(backupSettingsOf(loadConfig({ BACKUP_INTERVAL_HOURS: '168' })).warnAfterHours).toBe(336);
    expect(backupSettingsOf(loadConfig({ BACKUP_INTERVAL_HOURS: '0' })).intervalHours).toBe(0);
    let error: unknown;
    try {
      loadConfig({ BACKUP_DIR: __filename, BACKUP_INTERVAL_HOURS: '169', BACKUP_KEEP: '0', BACKUP_WARN_AFTER_HOURS: '2d' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      `BACKUP_DIR must be a folder, got the file ${__filename}`,
      'BACKUP_INTERVAL_HOURS must be hours between backups 1–168, or 0 for none, got "169"',
      'BACKUP_KEEP must be a number of archives 1–1000, got "0"',
      'BACKUP_WARN_AFTER_HOURS must be hours 1–10000, got "2d"',
    ]);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow(/BACKUP_INTERVAL_HOURS/);
    expect(() => loadConfig({ BACKUP_KEEP: '1001' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_WARN_AFTER_HOURS: '0' })).toThrow(/BACKUP_WARN_AFTER_HOURS/);
  });

  it('reads the link checker’s settings and refuses bad ones (ADR 086)', () => {
    expect(loadConfig({}).linkCheck).toBeUndefined();
    expect(loadConfig({ LINK_CHECK_ALLOW_PRIVATE: '1', LINK_CHECK_INTERVAL_HOURS: '48', LINK_CHECK_ROUND_MINUTES: '0' }).linkCheck).toEqual({ allowPrivate: true, intervalHours: 48, roundMinutes: 0 });
    expect(loadConfig({ LINK_CHECK_ALLOW_PRIVATE: '0' }).linkCheck).toEqual({ allowPrivate: false });
    let error: unknown;
    try {
      loadConfig({ LINK_CHECK_ALLOW_PRIVATE: 'yes', LINK_CHECK_INTERVAL_HOURS: '0', LINK_CHECK_ROUND_MINUTES: '1e3' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'LINK_CHECK_ALLOW_PRIVATE must be 0 or 1, got "yes"',
      'LINK_CHECK_INTERVAL_HOURS must be hours 1–720, got "0"',
      'LINK_CHECK_ROUND_MINUTES must be minutes 0–1440 (0: no loop), got "1e3"',
    ]);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
