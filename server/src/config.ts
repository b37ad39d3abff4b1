/**
 * The content server's configuration, read once from the environment and validated. Every bad variable is
 * reported together, so a misconfigured deployment fails at start with one readable message.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

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
  const publicDir = resolveDir('PUBLIC_DIR', 'public');
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

  if (problems.length) throw new ConfigError(problems);
  return { port, host, dataDir, publicDir, database, logLevel };
}

function isDirectory(dir: string) {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
