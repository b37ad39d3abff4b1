/**
 * The server's signing secret: SECRET_KEY when configured, otherwise a random one generated at first start and
 * kept in DATA_DIR/secret-key, so CSRF cookies and form tokens stay valid across restarts.
 */
import type { Config } from '../config';
import { readOrCreateSecret } from './stored-secret';

export function resolveSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): string {
  return config.secretKey ?? readOrCreateSecret(config.dataDir, 'secret-key');
}
