/** A stand-in for Netlify's build hook endpoint on loopback, for the server tests and the publish-hook e2e spec. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHookCall {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

export interface BuildHookServer {
  /** What the next calls are answered with. */
  status: number;
  received: ReceivedHookCall[];
  url: string;
  server: Server;
  /** The `trigger_title` of the newest call. */
  lastTitle(): string | null;
  close(): Promise<void>;
}

/** Records every request and answers with `status` (200 by default). */
export async function startBuildHookServer(): Promise<BuildHookServer> {
  const received: ReceivedHookCall[] = [];
  const hook: BuildHookServer = {
    status: 200,
    received,
    url: '',
    server: undefined as unknown as Server,
    lastTitle: () => (received.length ? new URL(received[received.length - 1].url, 'http://127.0.0.1').searchParams.get('trigger_title') : null),
    close: () => new Promise((resolve) => hook.server.close(() => resolve())),
  };
  hook.server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', contentType: request.headers['content-type'], body });
      response.statusCode = hook.status;
      response.end(hook.status === 200 ? '' : 'Not Found');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/build_hooks/5f0c1e2d3b4a59687766aa01`;
  return hook;
}
