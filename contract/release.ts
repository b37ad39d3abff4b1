/**
 * The release a build or a server runs (ADR 057): the name error reports carry, so a report says which code
 * failed. Node only (it reads the repository's files): the build passes it to the browser as
 * `GATSBY_KF_RELEASE` (gatsby/build-config.ts), the server reads it at start (server/src/config.ts).
 *
 * `KF_RELEASE` when set; else `<package name>@<version>+<commit>`, where the commit is Netlify's `COMMIT_REF` on
 * Netlify and the checkout's HEAD elsewhere (read from `.git`, no git program needed), cut to 12 characters; a copy
 * without `.git` is named by its version alone.
 */
import fs from 'node:fs';
import path from 'node:path';

const commitPattern = /^[0-9a-f]{40}$/;

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The folder git keeps HEAD in: `.git`, or the folder a worktree's `.git` file points at. */
function gitFolder(root: string): { dir: string; common: string } | undefined {
  const dotGit = path.join(root, '.git');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dotGit);
  } catch {
    return undefined;
  }
  if (stat.isDirectory()) return { dir: dotGit, common: dotGit };
  const pointer = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '')?.[1];
  if (!pointer) return undefined;
  const dir = path.resolve(root, pointer);
  const common = readText(path.join(dir, 'commondir'));
  return { dir, common: common ? path.resolve(dir, common) : dir };
}

/** The commit HEAD names in the repository at `root`, or undefined. */
export function headCommit(root: string): string | undefined {
  const git = gitFolder(root);
  if (!git) return undefined;
  const head = readText(path.join(git.dir, 'HEAD'));
  if (!head) return undefined;
  if (commitPattern.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  for (const dir of [git.dir, git.common]) {
    const loose = readText(path.join(dir, ref));
    if (loose && commitPattern.test(loose)) return loose;
  }
  const packed = readText(path.join(git.common, 'packed-refs')) ?? '';
  for (const line of packed.split('\n')) {
    const [commit, name] = line.split(' ');
    if (name === ref && commitPattern.test(commit)) return commit;
  }
  return undefined;
}

export function resolveRelease(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.KF_RELEASE?.trim();
  if (explicit) return explicit.slice(0, 80);
  let name = 'site';
  let version = '0.0.0';
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name?: string; version?: string };
    name = manifest.name ?? name;
    version = manifest.version ?? version;
  } catch {
    // A folder without package.json still gets a name.
  }
  const netlifyCommit = env.COMMIT_REF?.trim().toLowerCase();
  const commit = netlifyCommit && /^[0-9a-f]{7,40}$/.test(netlifyCommit) ? netlifyCommit : headCommit(root);
  return `${name}@${version}${commit ? `+${commit.slice(0, 12)}` : ''}`.slice(0, 80);
}
