import { promises as fs } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { startServer } from './start-server';

/** A raw GET that sends the path exactly as given (no client-side normalisation of `..`). */
function rawGet(url: string, rawPath: string) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('startServer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-start-test-'));
    await fs.writeFile(path.join(dir, 'secret.txt'), 'TOP SECRET');
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('migrates, seeds an empty database, listens, and on the next start keeps the content', async () => {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: path.join(dir, 'var'),
      PUBLIC_DIR: path.join(dir, 'public'),
    });
    const lines: string[] = [];
    const first = await startServer(config, { log: (line) => lines.push(line), logger: false, seedImageScale: 0.1 });
    try {
      expect(lines).toContain('Seeding demo content…');
      // The index is built once, by the rules of this version; the next start finds it current.
      expect(lines.filter((line) => /^Search index built: [1-9]\d* documents$/.test(line))).toHaveLength(1);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.publicUrl).toMatch(/^http:\/\/localhost:\d+$/);
      const response = await fetch(`${first.url}/de/api/page/`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { path: string }).path).toBe('/de');
      // Over real HTTP nothing normalises the path before the site plugin sees it.
      for (const raw of ['/../secret.txt', '/de/../../secret.txt', '/static/../../../secret.txt']) {
        const answer = await rawGet(first.url, raw);
        expect(answer.status).toBe(404);
        expect(answer.body).not.toContain('TOP SECRET');
      }
    } finally {
      await first.close();
    }

    const again: string[] = [];
    const second = await startServer(config, { log: (line) => again.push(line), logger: false });
    try {
      expect(again).not.toContain('Seeding demo content…');
      expect(again).toContain('Database already has content; not seeding.');
      expect(again.filter((line) => line.startsWith('Search index'))).toEqual([]);
      expect((await fetch(`${second.url}/en/api/settings/`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
