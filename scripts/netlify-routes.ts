/**
 * `npm run test:netlify`: the site through Netlify's own software (ADR 022). Seeds a content server in a temp
 * folder, builds the site with `netlify build --offline` (production context), serves the result with
 * `netlify dev --offline` (static, edge functions off) and sends the route table (scripts/netlify/route-table.ts)
 * to it and to our own server over the same build: every row must pass on both, and the two must agree. Then it
 * builds the deploy-preview context in the same folder and checks what marks a preview (its own address in
 * canonical links, noindex, the banner), which the production build must not carry.
 *
 * Netlify's tools live in tools/netlify (Node 22 and netlify-cli from the npm registry, with their own lock file);
 * they are installed there when missing. The project's own code keeps running on this Node.
 *
 * Offline, two things Netlify's build fetches are provided here instead (ADR 022): the Gatsby build plugin Netlify
 * adds to every Gatsby site (@netlify/plugin-gatsby, whose install would download libvips for an old sharp) comes
 * from tools/netlify, installed there with our sharp; and `netlify dev` runs with edge functions off, since it would
 * download Deno for them (the site has none).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync, promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/start-server';
import { proxySignatureVariable } from '../contract/proxy-signature';
import { securityHeaders } from '../contract/security-headers';
import { prepareSiteWorkspace } from './lib/site-workspace';
import { ask, differences, expectedFrameOptions, problemsOf, routeRows, type RouteRow } from './netlify/route-table';

const repoRoot = path.resolve(__dirname, '..');
const toolsDir = path.join(repoRoot, 'tools', 'netlify');
const node22 = path.join(toolsDir, 'node_modules', 'node', 'bin', 'node');
const netlifyCli = path.join(toolsDir, 'node_modules', 'netlify-cli', 'bin', 'run.js');
/** The production address the offline build is given (Netlify's URL; offline there is no site to read it from). */
const productionUrl = 'https://www.konzertfreunde.example';
const previewBranch = 'preview-route-table';

let failures = 0;
let passes = 0;
const fail = (line: string) => {
  failures += 1;
  console.log(`  ✗ ${line}`);
};
const pass = (line: string) => {
  passes += 1;
  if (process.env.NETLIFY_ROUTES_VERBOSE) console.log(`  ✓ ${line}`);
};

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; log?: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 400_000) output = output.slice(-200_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', async (code) => {
      if (options.log) await fs.writeFile(options.log, output).catch(() => undefined);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}\n${output.slice(-6000)}`));
    });
  });
}

async function ensureTools() {
  if (existsSync(node22) && existsSync(netlifyCli)) return;
  console.log('netlify: installing Netlify’s CLI and Node 22 into tools/netlify (once)…');
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolsDir });
}

/** Netlify's tools with Node 22 first on the PATH, so the build command runs on the Node Netlify would use. */
function netlifyEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // Values a developer's shell may carry that would change what the build or the proxies point at.
  for (const name of ['SITE_URL', 'CONTENT_API_URL', 'CONTENT_API_URL_DEPLOY_PREVIEW', 'CONTENT_API_URL_BRANCH_DEPLOY', 'NETLIFY', 'CONTEXT', 'URL', 'DEPLOY_PRIME_URL', 'BUILD_TOKEN', proxySignatureVariable]) {
    if (!(name in extra)) delete env[name];
  }
  env.PATH = `${path.dirname(node22)}:${process.env.PATH ?? ''}`;
  env.NETLIFY_OFFLINE = 'true';
  env.GATSBY_TELEMETRY_DISABLED = '1';
  env.NETLIFY_TELEMETRY_DISABLED = '1';
  return env;
}

/** A workspace Netlify's CLI accepts: the site's sources, netlify.toml and its local plugin, a git branch. */
async function prepareNetlifySite(dir: string) {
  const siteDir = await prepareSiteWorkspace(dir);
  await fs.copyFile(path.join(repoRoot, 'netlify.toml'), path.join(siteDir, 'netlify.toml'));
  await fs.cp(path.join(repoRoot, 'netlify'), path.join(siteDir, 'netlify'), { recursive: true });
  await fs.copyFile(path.join(repoRoot, 'package-lock.json'), path.join(siteDir, 'package-lock.json'));
  const plugins = path.join(siteDir, '.netlify', 'plugins');
  await fs.mkdir(path.join(plugins, 'node_modules', '@netlify'), { recursive: true });
  await fs.writeFile(path.join(plugins, 'package.json'), JSON.stringify({ name: 'netlify-local-plugins', private: true }));
  const pluginLink = path.join(plugins, 'node_modules', '@netlify', 'plugin-gatsby');
  await fs.rm(pluginLink, { recursive: true, force: true });
  await fs.symlink(path.join(toolsDir, 'node_modules', '@netlify', 'plugin-gatsby'), pluginLink, 'dir');
  if (!existsSync(path.join(siteDir, '.git'))) {
    await run('git', ['init', '-q', '-b', previewBranch], { cwd: siteDir });
  }
  return siteDir;
}

async function netlifyBuild(siteDir: string, context: string, env: NodeJS.ProcessEnv, logDir: string) {
  const started = Date.now();
  const log = path.join(logDir, `netlify-build-${context}.log`);
  await run(node22, [netlifyCli, 'build', '--offline', '--context', context], { cwd: siteDir, env: netlifyEnv(env), log });
  console.log(`netlify: netlify build --offline --context ${context} took ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${log})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `netlify dev` over the built site. `siteVariables` are the site's environment variables as Netlify would hold them
 * (a `.env` file is how netlify dev reads them: its proxy signs with those, not with its own process environment).
 */
async function startNetlifyDev(siteDir: string, logDir: string, siteVariables: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  await fs.writeFile(path.join(siteDir, '.env'), Object.entries(siteVariables).map(([name, value]) => `${name}=${value}\n`).join(''));
  const child = spawn(
    node22,
    [netlifyCli, 'dev', '--offline', '--internal-disable-edge-functions', '--dir', 'public', '--port', String(port), '--no-open', '--skip-gitignore'],
    { cwd: siteDir, env: netlifyEnv({}), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/de`, { redirect: 'manual' }).then((r) => r.status < 500).catch(() => false);
    if (ready) {
      await fs.writeFile(path.join(logDir, 'netlify-dev.log'), output).catch(() => undefined);
      return { url, child, output: () => output };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopProcessGroup(child);
  throw new Error(`netlify dev did not answer on ${url}\n${output.slice(-4000)}`);
}

function stopProcessGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** The headers every answer must carry, by the build's context. */
function expectedHeaders(indexable: boolean): Record<string, string | null> {
  // The shared values (contract/security-headers.ts), so the table checks both servers send them; framing
  // differs by path (expectedFrameOptions).
  const security = Object.fromEntries(Object.entries(securityHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  return { ...security, 'x-robots-tag': indexable ? null : 'noindex, nofollow' };
}

async function runTable(title: string, rows: RouteRow[], servers: { name: string; url: string }[], indexable: boolean) {
  console.log(`\n${title}: ${rows.length} rows on ${servers.map((s) => s.name).join(' and ')}`);
  const expected = expectedHeaders(indexable);
  for (const row of rows) {
    const answers = [];
    for (const server of servers) {
      const answer = await ask(server.url, row).catch((error: Error) => error);
      if (answer instanceof Error) {
        fail(`${row.name} ${row.path} on ${server.name}: ${answer.message}`);
        continue;
      }
      const problems = problemsOf(row, answer, { ...expected, 'x-frame-options': expectedFrameOptions(row) });
      if (problems.length) fail(`${row.name} ${row.path} on ${server.name}: ${problems.join('; ')}`);
      else pass(`${row.name} on ${server.name}`);
      answers.push(answer);
    }
    if (answers.length === 2) {
      const diff = differences(answers[0], answers[1]);
      if (diff.length) fail(`${row.name} ${row.path}: ${servers[0].name} and ${servers[1].name} disagree: ${diff.join('; ')}`);
      else pass(`${row.name}: both agree`);
    }
  }
}

/**
 * Cache-Control: `netlify dev` puts its own on static files, so it is checked against Netlify's own header parser
 * over the built `_headers` (what the CDN applies, Netlify's default where no rule matches) instead.
 */
async function checkCacheControl(publicDir: string, ours: string) {
  const parserPath = path.join(toolsDir, 'node_modules', '@netlify', 'headers-parser', 'lib', 'index.js');
  const { parseAllHeaders } = (await import(parserPath)) as {
    parseAllHeaders: (options: { headersFiles: string[]; configHeaders: unknown[]; minimal: boolean }) => Promise<{
      headers: { forRegExp: RegExp; values: Record<string, string> }[];
      errors: { message: string }[];
    }>;
  };
  const { headers, errors } = await parseAllHeaders({ headersFiles: [path.join(publicDir, '_headers')], configHeaders: [], minimal: false });
  for (const error of errors) fail(`_headers: Netlify's parser refuses it: ${error.message}`);
  const netlifyValue = (urlPath: string) => {
    let value: string | undefined;
    for (const rule of headers) if (rule.forRegExp.test(urlPath)) value = Object.entries(rule.values).find(([name]) => name.toLowerCase() === 'cache-control')?.[1] ?? value;
    return value ?? 'public, max-age=0, must-revalidate';
  };
  const rootFiles = await fs.readdir(publicDir);
  const app = rootFiles.find((name) => /^app-[0-9a-f]+\.js$/.test(name));
  const staticFile = await firstFile(path.join(publicDir, 'static'));
  const paths = ['/de', '/de/programm', '/page-data/de/page-data.json', '/favicon.ico', ...(app ? [`/${app}`] : []), ...(staticFile ? [`/static/${staticFile}`] : [])];
  if (!app) fail('no app-<hash>.js in the build');
  for (const urlPath of paths) {
    const response = await fetch(new URL(urlPath, ours), { method: 'HEAD' });
    const mine = response.headers.get('cache-control');
    const theirs = netlifyValue(urlPath);
    const normalise = (value: string | null) => (value ?? '').replace(/\s+/g, '');
    if (normalise(mine) !== normalise(theirs)) fail(`Cache-Control of ${urlPath}: ours "${mine}", Netlify's rules "${theirs}"`);
    else pass(`Cache-Control of ${urlPath}`);
  }
  if (app) {
    const immutable = netlifyValue(`/${app}`);
    if (!immutable.includes('immutable')) fail(`the app bundle is not cached as immutable by the rules: ${immutable}`);
  }
}

async function firstFile(dir: string, prefix = ''): Promise<string | undefined> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile()) return `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      const found = await firstFile(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      if (found) return found;
    }
  }
  return undefined;
}

/** The address our content server logged for the request whose URL carries `marker`. */
function loggedAddress(log: string[], marker: string): string | undefined {
  for (const line of log) {
    if (!line.includes(marker)) continue;
    const entry = JSON.parse(line) as { msg?: string; req?: { url?: string; remoteAddress?: string } };
    if (entry.msg === 'incoming request' && entry.req?.url?.includes(marker)) return entry.req.remoteAddress?.replace(/^::ffff:/, '');
  }
  return undefined;
}

/** A GET from the local address `from`, with `headers`, read to the end. */
function getFrom(base: string, urlPath: string, from: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(urlPath, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, localAddress: from, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * ADR 029: the content server runs as behind Netlify (TRUST_PROXY=1 with the signature
 * secret). `netlify dev` proxies under the build's `Sign=` rules and signs as the CDN does; it passes on the
 * X-Forwarded-For it is sent (the CDN puts the visitor's address there itself), so a request through it carrying
 * 198.51.100.7 must be seen as 198.51.100.7: the signature was made and checked. A client on 127.0.0.3 reaching the
 * content server directly with a forged X-Forwarded-For and a made-up signature keeps its own address.
 */
async function checkSignedProxy(devUrl: string, serverUrl: string, log: string[]) {
  const viaNetlify = `signed-proxy-probe-${Date.now()}`;
  const status = await getFrom(devUrl, `/de/api/settings/?probe=${viaNetlify}`, '127.0.0.2', { 'x-forwarded-for': '198.51.100.7' });
  const seen = loggedAddress(log, viaNetlify);
  if (status !== 200 || seen !== '198.51.100.7') fail(`through netlify dev the content server saw ${seen} (status ${status}), not the forwarded 198.51.100.7: Netlify's signed proxy is not believed`);
  else pass('through netlify dev, the signed proxy request’s forwarded address is believed');
  const direct = `unsigned-direct-probe-${Date.now()}`;
  const forged = { 'x-forwarded-for': '203.0.113.9', 'x-nf-sign': 'eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJuZXRsaWZ5In0.forged' };
  const directStatus = await getFrom(serverUrl, `/de/api/settings/?probe=${direct}`, '127.0.0.3', forged);
  const directSeen = loggedAddress(log, direct);
  if (directStatus !== 200 || directSeen !== '127.0.0.3') fail(`directly from 127.0.0.3 with a forged X-Forwarded-For the content server saw ${directSeen} (status ${directStatus})`);
  else pass('directly, a forged X-Forwarded-For and signature are ignored');
}

/** What marks a preview in a built page; production must carry none of it. */
interface DeployMarks {
  canonical: string | null;
  ogUrl: string | null;
  noindex: boolean;
  banner: boolean;
}

function marksOf(html: string): DeployMarks {
  return {
    canonical: /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1] ?? /<link[^>]*href="([^"]+)"[^>]*rel="canonical"/.exec(html)?.[1] ?? null,
    ogUrl: /<meta[^>]*property="og:url"[^>]*content="([^"]+)"/.exec(html)?.[1] ?? null,
    noindex: /<meta[^>]*name="robots"[^>]*content="[^"]*noindex/.test(html),
    banner: html.includes('data-deploy-context'),
  };
}

async function checkDeployMarks(label: string, publicDir: string, expectation: { origin: string; preview: boolean }) {
  for (const page of ['de/index.html', 'en/index.html', 'de/programm/index.html']) {
    const html = await fs.readFile(path.join(publicDir, page), 'utf8');
    const marks = marksOf(html);
    const where = `${label} ${page}`;
    if (!marks.canonical?.startsWith(`${expectation.origin}/`)) fail(`${where}: canonical ${marks.canonical}, expected one on ${expectation.origin}`);
    else pass(`${where}: canonical`);
    if (!marks.ogUrl?.startsWith(`${expectation.origin}/`)) fail(`${where}: og:url ${marks.ogUrl}, expected one on ${expectation.origin}`);
    else pass(`${where}: og:url`);
    if (marks.noindex !== expectation.preview) fail(`${where}: noindex ${marks.noindex}, expected ${expectation.preview}`);
    else pass(`${where}: robots`);
    if (marks.banner !== expectation.preview) fail(`${where}: preview banner ${marks.banner}, expected ${expectation.preview}`);
    else pass(`${where}: banner`);
    if (expectation.preview && !html.includes(previewBranch)) fail(`${where}: the banner does not name the branch ${previewBranch}`);
  }
}

async function main(): Promise<number> {
  await ensureTools();
  const keep = process.env.NETLIFY_WORKDIR ? path.resolve(process.env.NETLIFY_WORKDIR) : undefined;
  const workdir = keep ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'kf-netlify-')));
  const logDir = path.join(workdir, 'logs');
  await fs.mkdir(logDir, { recursive: true });
  console.log(`netlify: working in ${workdir}`);
  const siteDir = await prepareNetlifySite(path.join(workdir, 'site'));
  const publicDir = path.join(siteDir, 'public');
  // As behind Netlify in production (README "Deploying"): one trusted hop, believed only when Netlify signed it.
  const proxySecret = randomBytes(24).toString('hex');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workdir, 'var'),
    PUBLIC_DIR: publicDir,
    TRUST_PROXY: '1',
    [proxySignatureVariable]: proxySecret,
  });
  // The request log is kept for the signed-proxy check (only the probes' lines); warnings and errors are shown.
  const requestLog: string[] = [];
  const logStream = {
    write(line: string) {
      if (line.includes('-probe-')) requestLog.push(line);
      else if (/"level":(?:[4-9]\d)/.test(line)) process.stdout.write(`netlify: server: ${line}`);
    },
  };
  const server = await startServer(config, { log: (line) => console.log(`netlify: ${line}`), seedImageScale: 0.25, logger: { level: 'info', stream: logStream } });
  const devEnv = { [proxySignatureVariable]: proxySecret };
  let dev: Awaited<ReturnType<typeof startNetlifyDev>> | undefined;
  try {
    const rows = await routeRows(server.db);
    await netlifyBuild(siteDir, 'production', { CONTENT_API_URL: server.url, URL: productionUrl, BUILD_TOKEN: server.buildToken }, logDir);
    const buildLog = await fs.readFile(path.join(logDir, 'netlify-build-production.log'), 'utf8');
    const buildNode = /build ran on node (v\d+)/.exec(buildLog)?.[1];
    if (buildNode !== 'v22') fail(`the build command ran on Node ${buildNode}, expected v22 as netlify.toml sets`);
    else pass('the build ran on Node 22');
    const prettyUrlFile = await fs.stat(path.join(publicDir, 'de', 'faq.html')).catch(() => undefined);
    const prettyUrlPage = await fs.stat(path.join(publicDir, 'de', 'faq', 'index.html')).catch(() => undefined);
    if (!prettyUrlFile || prettyUrlFile.ino !== prettyUrlPage?.ino) fail('de/faq.html is not a link of de/faq/index.html in the Netlify build');
    else pass('pretty-URL file de/faq.html');
    if (/gatsby-adapter-netlify/.test(buildLog)) fail('Gatsby installed or used gatsby-adapter-netlify: our adapter must keep it out');
    if (!/Using konzertfreunde-netlify-files adapter/.test(buildLog)) fail('the build did not use our adapter');
    await checkDeployMarks('production', publicDir, { origin: productionUrl, preview: false });

    dev = await startNetlifyDev(siteDir, logDir, devEnv);
    const servers = [
      { name: 'netlify dev', url: dev.url },
      { name: 'our server', url: server.url },
    ];
    await runTable('Route table, production build', rows, servers, true);
    await checkCacheControl(publicDir, server.url);
    await checkSignedProxy(dev.url, server.url, requestLog);
    if (/set twice|Headers syntax errors|Redirects syntax errors|Could not sign redirect/i.test(dev.output())) fail(`netlify dev warned about our rules:\n${dev.output().slice(-2000)}`);
    stopProcessGroup(dev.child);
    dev = undefined;

    // Netlify's CLI sets DEPLOY_PRIME_URL itself, from the branch and (offline) a placeholder site name.
    const previewUrl = `https://${previewBranch}--site-name.netlify.app`;
    await netlifyBuild(siteDir, 'deploy-preview', { CONTENT_API_URL_DEPLOY_PREVIEW: server.url, BUILD_TOKEN: server.buildToken, BRANCH: previewBranch, HEAD: previewBranch }, logDir);
    await checkDeployMarks('deploy-preview', publicDir, { origin: previewUrl, preview: true });
    dev = await startNetlifyDev(siteDir, logDir, devEnv);
    const previewRows = rows.filter((row) => row.status !== 301 || !row.path.includes('?')).slice(0, 12);
    await runTable('Route table, deploy-preview build (headers mark it noindex)', previewRows, [
      { name: 'netlify dev', url: dev.url },
      { name: 'our server', url: server.url },
    ], false);
  } finally {
    if (dev) stopProcessGroup(dev.child);
    await server.close();
    if (!keep) await fs.rm(workdir, { recursive: true, force: true }).catch(() => undefined);
  }
  console.log(`\nnetlify: ${passes} passed, ${failures} failed`);
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
