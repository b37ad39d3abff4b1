/**
 * The content server's configuration, read once from the environment and validated. Every bad variable is
 * reported together, so a misconfigured deployment fails at start with one readable message.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { buildTokenRule, isValidBuildToken } from '../../contract/build-token';
import { proxySignatureVariable } from '../../contract/proxy-signature';
import { isEmailAddress } from '../../contract/email-rule';
import { resolveRelease } from '../../contract/release';
import { parseSentryDsn } from './services/errors/sentry';
import { maxUploadBytes } from '../../contract/upload-kinds';

/** The repository root: server/src/ is two levels below it. */
export const repoRoot = path.resolve(__dirname, '..', '..');

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  /** `schema` puts every table in that PostgreSQL schema (the tests use one fresh schema per file). */
  | { dialect: 'postgres'; url: string; schema?: string };

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicDir: string;
  database: DatabaseConfig;
  logLevel: LogLevel;
  /** Where visitors reach the site (links in mails, the CSRF origin check); unset: the listening address. */
  publicUrl?: string;
  /** `smtp://` or `smtps://` URL of the mail relay; unset: mails are written as .eml files under DATA_DIR/mail. */
  smtpUrl?: string;
  /** Sender of every mail, e.g. `Konzertfreunde <noreply@konzertfreunde.example>`. */
  mailFrom: string;
  /** Signs CSRF cookies and form tokens; unset: generated once and kept in DATA_DIR/secret-key. */
  secretKey?: string;
  /**
   * The secret the site's build sends to read the changes feed (`Authorization: Bearer …`, ADR 024); the same
   * value goes into the build's environment. Unset: generated once and kept in DATA_DIR/build-token.
   */
  buildToken?: string;
  /** How long a form must have been open before a submission counts as a person's (the bot check). */
  minFillMs: number;
  /**
   * Behind a proxy or CDN (Netlify, a load balancer): how many proxy hops to trust, or which proxy addresses
   * (IPs or CIDR ranges), for the client address taken from X-Forwarded-For. Rate limits and the newsletter's
   * proof of consent use that address. Unset: the connection's address (the server faces visitors directly).
   */
  trustProxy?: number | string[];
  /**
   * The secret Netlify signs the requests it proxies with (`X-Nf-Sign`, a JWS; ADR 029), from PROXY_SIGNATURE_SECRET
   * (the variable the build's proxy rules name). With it, X-Forwarded-For/-Proto/-Host are believed only on requests
   * carrying a valid signature; a client reaching the server directly cannot pick its address. Required with a hop
   * count in TRUST_PROXY. A secret: never logged or echoed.
   */
  proxySignatureSecret?: string;
  /**
   * Netlify's build hook URL: the publish queue POSTs it (with `trigger_title`) instead of building the site
   * itself. Unset: the queue builds with the builder it is given (`npm start`), or there is no queue.
   */
  netlifyBuildHook?: string;
  /**
   * The "JWS secret token" of Netlify's outgoing deploy notifications (ADR 023): with it, POST
   * /api/publish/netlify-deploy accepts notifications signed with it and follows triggered runs to live or
   * failed. Unset: that path answers 404. A secret: never logged or echoed.
   */
  netlifyWebhookSecret?: string;
  /**
   * Purging Netlify's CDN after a publish (ADR 050), from NETLIFY_PURGE_TOKEN (a personal access token; a secret,
   * never logged or echoed), NETLIFY_SITE_ID (the site's Project ID) and NETLIFY_API_URL (default
   * https://api.netlify.com; tests point it at a local receiver). Token and site id come together or not at all.
   * Unset: nothing is purged, and the CDN keeps the API's answers a minute instead of a day.
   */
  netlifyPurge?: { token: string; siteId: string; apiUrl: string };
  /**
   * How long the publish queue waits after the last staff save before it publishes, so a burst of saves becomes
   * one run. Unset: 1000 ms.
   */
  publishQuietMs?: number;
  /**
   * The release error reports name (ADR 057): KF_RELEASE, else `<name>@<version>+<commit>` of this checkout
   * (contract/release.ts). Unset in a hand-made configuration: read from the checkout when needed.
   */
  release?: string;
  /**
   * SENTRY_DSN: forward error reports to Sentry or a service speaking its protocol (GlitchTip, self-hosted Sentry),
   * `https://<public key>@<host>/<project id>`. Unset: reports are only kept in the database (ADR 057).
   */
  sentryDsn?: string;
  /** SENTRY_ENVIRONMENT: the environment forwarded reports carry; default `production`. */
  sentryEnvironment?: string;
  /**
   * The budget of visitors' uploads to forms (ADR 064), in bytes: TEMP_UPLOADS_MAX_BYTES (the temp folder's size),
   * TEMP_UPLOADS_BYTES_PER_ADDRESS_PER_HOUR and TEMP_UPLOADS_BYTES_PER_HOUR (kept per client address and site-wide).
   * What is unset takes its default (services/forms/upload-budget.ts: 2 GiB, 50 MiB, 500 MiB).
   */
  tempUploads?: { maxBytes?: number; bytesPerAddressPerHour?: number; bytesPerHour?: number };
  /**
   * Backups (ADR 081): BACKUP_DIR (where archives go), BACKUP_INTERVAL_HOURS (the server's own schedule, 1–168;
   * unset or 0: the server takes none, a timer running `npm run backup` may), BACKUP_KEEP (scheduled archives kept,
   * 1–1000) and BACKUP_WARN_AFTER_HOURS (the dashboard warns past it, 1–10000). What is unset takes its default
   * (backup/settings.ts: DATA_DIR/backups, none, 14, the larger of 48 and twice the interval).
   */
  backup?: { dir?: string; intervalHours?: number; keep?: number; warnAfterHours?: number };
  /**
   * The outside-link checker (ADR 086, docs/operations.md): LINK_CHECK_ALLOW_PRIVATE=1 lets it connect to loopback
   * and private addresses (tests only), LINK_CHECK_INTERVAL_HOURS (1–720) how long a result holds,
   * LINK_CHECK_ROUND_MINUTES (0–1440; 0: no loop) how often a round starts. What is unset takes its default
   * (services/link-checks/link-checker.ts: no, 24, 15).
   */
  linkCheck?: { allowPrivate?: boolean; intervalHours?: number; roundMinutes?: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}\nSee .env.example for every variable.`);
    this.name = 'ConfigError';
  }
}

/** Reads `<repo>/.env` when present; variables already set in the environment win. */
function withDotEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const file = path.join(repoRoot, '.env');
  if (!existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

/**
 * Builds the configuration from `env` (default: the process environment plus `<repo>/.env`).
 * Throws a ConfigError naming every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = withDotEnv(process.env)): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  let port = 8000;
  const rawPort = value('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) problems.push(`PORT must be a port number 0–65535, got "${rawPort}"`);
  }

  const host = value('HOST') ?? '127.0.0.1';
  if (/[\s/]/.test(host)) problems.push(`HOST must be a host name or IP address, got "${host}"`);

  const resolveDir = (name: string, fallback: string) => path.resolve(repoRoot, value(name) ?? fallback);
  const dataDir = resolveDir('DATA_DIR', 'var');
  // Where a build is published whole (a link to a release folder, ADR 052); Gatsby's own public/ is never served.
  const publicDir = resolveDir('PUBLIC_DIR', path.join(dataDir, 'site'));
  if (existsSync(dataDir) && !isDirectory(dataDir)) problems.push(`DATA_DIR must be a folder, got the file ${dataDir}`);
  if (existsSync(publicDir) && !isDirectory(publicDir)) {
    problems.push(`PUBLIC_DIR must be a folder, got the file ${publicDir}`);
  }

  let database: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, 'konzertfreunde.sqlite') };
  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      problems.push('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
    } else {
      try {
        new URL(databaseUrl);
        database = { dialect: 'postgres', url: databaseUrl };
      } catch {
        problems.push('DATABASE_URL is not a valid URL');
      }
    }
  }

  const logLevel = (value('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!logLevels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);

  const publicUrl = value('PUBLIC_URL') ?? value('SITE_URL');
  if (publicUrl !== undefined && !isHttpOrigin(publicUrl)) {
    problems.push(`PUBLIC_URL must be an http(s) address without path, e.g. https://www.konzertfreunde.example, got "${publicUrl}"`);
  }

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !isSmtpUrl(smtpUrl)) {
    // The URL may carry a password: name the variable, never echo it.
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587');
  }

  const mailFrom = value('MAIL_FROM') ?? 'Konzertfreunde <noreply@konzertfreunde.example>';
  // A bare address or `Name <address>`; the address itself under the one e-mail rule (ADR 027) the mailer sends by.
  const fromAddress = /^[^<>@\r\n]*<([^<>]+)>$/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!isEmailAddress(fromAddress)) {
    problems.push(`MAIL_FROM must be an address like noreply@example.org or "Name <noreply@example.org>", got "${mailFrom}"`);
  }

  const secretKey = value('SECRET_KEY');
  if (secretKey !== undefined && secretKey.length < 32) problems.push('SECRET_KEY must be at least 32 characters long');

  const buildToken = value('BUILD_TOKEN');
  // A secret: name the variable and the rule, never echo the value.
  if (buildToken !== undefined && !isValidBuildToken(buildToken)) problems.push(`BUILD_TOKEN must be ${buildTokenRule}`);

  let minFillMs = 3000;
  const rawMinFill = value('MIN_FILL_MS');
  if (rawMinFill !== undefined) {
    minFillMs = Number(rawMinFill);
    if (!/^\d+$/.test(rawMinFill) || minFillMs > 600_000) problems.push(`MIN_FILL_MS must be milliseconds 0–600000, got "${rawMinFill}"`);
  }

  let trustProxy: number | string[] | undefined;
  const rawTrustProxy = value('TRUST_PROXY');
  if (rawTrustProxy !== undefined) {
    if (/^\d+$/.test(rawTrustProxy) && Number(rawTrustProxy) >= 1 && Number(rawTrustProxy) <= 10) trustProxy = Number(rawTrustProxy);
    else {
      const entries = rawTrustProxy.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) trustProxy = entries;
      else problems.push(`TRUST_PROXY must be a number of proxy hops 1–10 or a comma-separated list of IPs or CIDR ranges, got "${rawTrustProxy}"`);
    }
  }

  const proxySignatureSecret = value(proxySignatureVariable);
  if (proxySignatureSecret !== undefined && proxySignatureSecret.length < 32) problems.push(`${proxySignatureVariable} must be at least 32 characters long`);
  // A hop count believes whoever connects; only Netlify's signature tells its proxy from a client that connects
  // directly and sends the header itself (ADR 029).
  if (typeof trustProxy === 'number' && proxySignatureSecret === undefined) {
    problems.push(
      `TRUST_PROXY as a number of hops needs ${proxySignatureVariable} (the secret Netlify signs proxied requests with), or anyone reaching this server directly can pick their address; behind proxies of your own, list their addresses instead`,
    );
  }

  const netlifyBuildHook = value('NETLIFY_BUILD_HOOK');
  if (netlifyBuildHook !== undefined && !isBuildHookUrl(netlifyBuildHook)) {
    // The URL is a credential of sorts: name the variable, never echo it.
    problems.push('NETLIFY_BUILD_HOOK must be an https:// URL (http:// only on localhost), e.g. https://api.netlify.com/build_hooks/<id>');
  }

  const netlifyWebhookSecret = value('NETLIFY_WEBHOOK_SECRET');
  // Short shared secrets can be guessed offline from one signed notification.
  if (netlifyWebhookSecret !== undefined && netlifyWebhookSecret.length < 16) problems.push('NETLIFY_WEBHOOK_SECRET must be at least 16 characters long');

  const purgeToken = value('NETLIFY_PURGE_TOKEN');
  const siteId = value('NETLIFY_SITE_ID');
  const netlifyApiUrl = value('NETLIFY_API_URL') ?? 'https://api.netlify.com';
  // A secret: name the variable and the rule, never echo the value.
  if (purgeToken !== undefined && !/^[\x21-\x7e]{16,500}$/.test(purgeToken)) problems.push('NETLIFY_PURGE_TOKEN must be 16 or more printable characters without spaces (a Netlify personal access token)');
  if (siteId !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(siteId)) {
    problems.push(`NETLIFY_SITE_ID must be the site's Project ID, a UUID like 12345678-90ab-cdef-1234-567890abcdef, got "${siteId}"`);
  }
  if ((purgeToken === undefined) !== (siteId === undefined)) problems.push('NETLIFY_PURGE_TOKEN and NETLIFY_SITE_ID are needed together to purge the CDN: set both or neither');
  if (!isApiOrigin(netlifyApiUrl)) problems.push(`NETLIFY_API_URL must be an https:// origin without path (http:// only on localhost), e.g. https://api.netlify.com, got "${netlifyApiUrl}"`);

  let publishQuietMs: number | undefined;
  const rawQuiet = value('PUBLISH_QUIET_MS');
  if (rawQuiet !== undefined) {
    publishQuietMs = Number(rawQuiet);
    if (!/^\d+$/.test(rawQuiet) || publishQuietMs > 60_000) problems.push(`PUBLISH_QUIET_MS must be milliseconds 0–60000, got "${rawQuiet}"`);
  }

  const sentryDsn = value('SENTRY_DSN');
  // The DSN's key is public (Sentry's browser SDKs ship it), yet a DSN is still not echoed: it names the project.
  if (sentryDsn !== undefined && !parseSentryDsn(sentryDsn)) problems.push('SENTRY_DSN must be a DSN like https://<public key>@sentry.example.org/<project id>');
  const sentryEnvironment = value('SENTRY_ENVIRONMENT');
  if (sentryEnvironment !== undefined && !/^[\w.-]{1,64}$/.test(sentryEnvironment)) {
    problems.push(`SENTRY_ENVIRONMENT must be a name of letters, digits, dots, dashes or underscores (at most 64), got "${sentryEnvironment}"`);
  }

  const tempUploads: NonNullable<Config['tempUploads']> = {};
  for (const [name, key] of [
    ['TEMP_UPLOADS_MAX_BYTES', 'maxBytes'],
    ['TEMP_UPLOADS_BYTES_PER_ADDRESS_PER_HOUR', 'bytesPerAddressPerHour'],
    ['TEMP_UPLOADS_BYTES_PER_HOUR', 'bytesPerHour'],
  ] as const) {
    const raw = value(name);
    if (raw === undefined) continue;
    // Below the largest single upload, a file the form takes could never be sent.
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < maxUploadBytes) {
      problems.push(`${name} must be a number of bytes of at least ${maxUploadBytes} (the largest upload a form takes), got "${raw}"`);
    } else tempUploads[key] = Number(raw);
  }

  const backup: NonNullable<Config['backup']> = {};
  const rawBackupDir = value('BACKUP_DIR');
  if (rawBackupDir !== undefined) {
    backup.dir = resolveDir('BACKUP_DIR', rawBackupDir);
    if (existsSync(backup.dir) && !isDirectory(backup.dir)) problems.push(`BACKUP_DIR must be a folder, got the file ${backup.dir}`);
  }
  /** Whole numbers in a range, by variable: each set one read into `target[key]`, each bad one a problem. */
  const wholeNumbers = <K extends string>(target: Partial<Record<K, number>>, specs: readonly (readonly [string, K, number, number, string])[]) => {
    for (const [name, key, min, max, what] of specs) {
      const raw = value(name);
      if (raw === undefined) continue;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) problems.push(`${name} must be ${what}, got "${raw}"`);
      else target[key] = Number(raw);
    }
  };
  wholeNumbers(backup, [
    ['BACKUP_INTERVAL_HOURS', 'intervalHours', 0, 168, 'hours between backups 1–168, or 0 for none'],
    ['BACKUP_KEEP', 'keep', 1, 1000, 'a number of archives 1–1000'],
    ['BACKUP_WARN_AFTER_HOURS', 'warnAfterHours', 1, 10_000, 'hours 1–10000'],
  ]);

  const linkCheck: NonNullable<Config['linkCheck']> = {};
  const allowPrivate = value('LINK_CHECK_ALLOW_PRIVATE');
  if (allowPrivate !== undefined) {
    if (allowPrivate !== '0' && allowPrivate !== '1') problems.push(`LINK_CHECK_ALLOW_PRIVATE must be 0 or 1, got "${allowPrivate}"`);
    else linkCheck.allowPrivate = allowPrivate === '1';
  }
  wholeNumbers(linkCheck, [
    ['LINK_CHECK_INTERVAL_HOURS', 'intervalHours', 1, 720, 'hours 1–720'],
    ['LINK_CHECK_ROUND_MINUTES', 'roundMinutes', 0, 1440, 'minutes 0–1440 (0: no loop)'],
  ]);

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    publicDir,
    database,
    logLevel,
    ...(publicUrl ? { publicUrl: publicUrl.replace(/\/+$/, '') } : {}),
    ...(smtpUrl ? { smtpUrl } : {}),
    mailFrom,
    ...(secretKey ? { secretKey } : {}),
    ...(buildToken ? { buildToken } : {}),
    minFillMs,
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    ...(proxySignatureSecret ? { proxySignatureSecret } : {}),
    ...(netlifyBuildHook ? { netlifyBuildHook } : {}),
    ...(netlifyWebhookSecret ? { netlifyWebhookSecret } : {}),
    ...(purgeToken && siteId ? { netlifyPurge: { token: purgeToken, siteId, apiUrl: netlifyApiUrl.replace(/\/+$/, '') } } : {}),
    ...(publishQuietMs !== undefined ? { publishQuietMs } : {}),
    release: resolveRelease(repoRoot, env),
    ...(sentryDsn ? { sentryDsn } : {}),
    ...(sentryEnvironment ? { sentryEnvironment } : {}),
    ...(Object.keys(tempUploads).length ? { tempUploads } : {}),
    ...(Object.keys(backup).length ? { backup } : {}),
    ...(Object.keys(linkCheck).length ? { linkCheck } : {}),
  };
}

function isBuildHookUrl(value: string) {
  try {
    const url = new URL(value);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
    return (url.protocol === 'https:' || (url.protocol === 'http:' && local)) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A build-hook-like URL that is only an origin (the purge call's path is fixed). */
function isApiOrigin(value: string) {
  return isBuildHookUrl(value) && /^[a-z]+:\/\/[^/?#]+\/?$/i.test(value);
}

/** An IP address or a CIDR range of one (`10.0.0.0/8`, `2001:db8::/32`). */
function isProxyAddress(entry: string) {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function isHttpOrigin(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.replace(/\/+$/, '') === '' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isDirectory(dir: string) {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
