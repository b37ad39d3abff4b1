import path from 'node:path';
import { ConfigError, loadConfig, repoRoot } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 8000 on loopback, SQLite under var/, the build in public/', () => {
    expect(loadConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: path.join(repoRoot, 'var'),
      publicDir: path.join(repoRoot, 'public'),
      database: { dialect: 'sqlite', file: path.join(repoRoot, 'var', 'konzertfreunde.sqlite') },
      logLevel: 'info',
    });
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

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
