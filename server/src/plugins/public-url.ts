import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where visitors reach the site, without trailing slash: PUBLIC_URL (or SITE_URL) when configured, else the
     * address the server listens on (`http://localhost:PORT` on loopback). For links in mails and the CSRF origin
     * check; never taken from a request's Host header, which a client chooses.
     */
    publicUrl(): string;
  }
}

const loopbackOrAny = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::', '']);

export function registerPublicUrl(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'host'>) {
  app.decorate('publicUrl', function publicUrl(this: FastifyInstance) {
    if (config.publicUrl) return config.publicUrl;
    const address = app.server.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') return 'http://localhost';
    if (loopbackOrAny.has(config.host)) return `http://localhost:${address.port}`;
    return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}`;
  });
}
