import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headCommit, resolveRelease } from './release';

describe('resolveRelease', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kf-release-'));
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'site', version: '2.0.1' }));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: folder, encoding: 'utf8' }).trim();

  it('names a copy without git by its version, KF_RELEASE as given, Netlify builds by COMMIT_REF', () => {
    expect(resolveRelease(folder, {})).toBe('site@2.0.1');
    expect(resolveRelease(folder, { KF_RELEASE: ' 2026.11-hotfix ' })).toBe('2026.11-hotfix');
    expect(resolveRelease(folder, { COMMIT_REF: '0123456789abcdef0123456789abcdef01234567' })).toBe('site@2.0.1+0123456789ab');
    // Not a commit: ignored.
    expect(resolveRelease(folder, { COMMIT_REF: '$(rm -rf /)' })).toBe('site@2.0.1');
  });

  it('reads HEAD of a checkout, with loose and packed refs and a detached HEAD, as git itself does', () => {
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'one');
    const first = git('rev-parse', 'HEAD');
    expect(headCommit(folder)).toBe(first);
    expect(resolveRelease(folder, {})).toBe(`site@2.0.1+${first.slice(0, 12)}`);
    git('pack-refs', '--all');
    expect(fs.existsSync(path.join(folder, '.git', 'refs', 'heads', 'main'))).toBe(false);
    expect(headCommit(folder)).toBe(first);
    git('commit', '-q', '--allow-empty', '-m', 'two');
    const second = git('rev-parse', 'HEAD');
    expect(headCommit(folder)).toBe(second);
    git('checkout', '-q', '--detach', first);
    expect(headCommit(folder)).toBe(first);
  });

  it('follows a worktree to its HEAD', () => {
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'one');
    git('commit', '-q', '--allow-empty', '-m', 'two');
    const older = git('rev-parse', 'HEAD~1');
    const tree = `${folder}-tree`;
    try {
      git('worktree', 'add', '-q', '-b', 'side', tree, older);
      expect(headCommit(tree)).toBe(older);
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  });
});
