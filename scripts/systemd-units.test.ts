/**
 * The systemd units of docs/systemd/ (docs/operations.md, Running under systemd) stay true to the tree: every key is
 * one systemd knows in its section, every command they run is a script of package.json whose file exists, the probe
 * they ask is one the server answers, each timer starts a service of the folder, the paths of this checkout they
 * name exist, and docs/operations.md shows each file as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { probePaths } from '../server/src/routes/health';

const root = path.resolve(__dirname, '..');
const folder = path.join(root, 'docs', 'systemd');
/** Where the units expect the checkout (WorkingDirectory); paths under it are paths of this repository. */
const checkout = '/srv/konzertfreunde';
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The keys these units may use, by section (systemd.unit, systemd.service, systemd.exec, systemd.kill, systemd.timer). */
const knownKeys: Record<string, Set<string>> = {
  Unit: new Set(['Description', 'Documentation', 'After', 'Before', 'Wants', 'Requires', 'BindsTo', 'PartOf', 'Conflicts', 'StartLimitIntervalSec', 'StartLimitBurst']),
  Service: new Set([
    'Type', 'User', 'Group', 'WorkingDirectory', 'EnvironmentFile', 'Environment', 'ExecStart', 'ExecStartPre', 'ExecStartPost', 'ExecStop',
    'TimeoutStartSec', 'TimeoutStopSec', 'KillMode', 'KillSignal', 'Restart', 'RestartSec', 'CacheDirectory', 'StateDirectory', 'Nice',
    'IOSchedulingClass', 'NoNewPrivileges', 'PrivateTmp', 'ProtectSystem', 'ProtectHome', 'ReadWritePaths',
  ]),
  Timer: new Set(['OnCalendar', 'OnBootSec', 'OnUnitActiveSec', 'Persistent', 'RandomizedDelaySec', 'AccuracySec', 'Unit']),
  Install: new Set(['WantedBy', 'RequiredBy', 'Alias']),
};

const sectionsOf: Record<string, string[]> = { service: ['Unit', 'Service', 'Install'], timer: ['Unit', 'Timer', 'Install'] };

type Unit = Map<string, Array<[string, string]>>;

/** A unit file's sections with their key-value pairs in order (comments and blank lines left out). */
export function parseUnit(text: string): Unit {
  const unit: Unit = new Map();
  let section: Array<[string, string]> | undefined;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = [];
      unit.set(header[1]!, section);
      continue;
    }
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (!pair || !section) throw new Error(`line ${index + 1} is neither a section, a key=value pair nor a comment: ${raw}`);
    section.push([pair[1]!, pair[2]!]);
  }
  return unit;
}

const values = (unit: Unit, section: string, key: string) => (unit.get(section) ?? []).filter(([name]) => name === key).map(([, value]) => value);

const files = fs.readdirSync(folder).sort();
const units = new Map(files.map((file) => [file, parseUnit(fs.readFileSync(path.join(folder, file), 'utf8'))]));

/** The npm scripts a command line runs: `npm run <script>` or `npm start`. */
function npmScripts(command: string): string[] {
  const words = command.split(/\s+/);
  if (!/(?:^|\/)npm$/.test(words[0]!)) return [];
  if (words[1] === 'start') return ['start'];
  if (words[1] === 'run' && words[2]) return [words[2]];
  throw new Error(`an npm command that runs no script: ${command}`);
}

describe('the systemd units of docs/systemd', () => {
  it('are a server, its backup and the backup timer, each with the sections of its kind', () => {
    expect(files).toEqual(['konzertfreunde-backup.service', 'konzertfreunde-backup.timer', 'konzertfreunde.service']);
    for (const [file, unit] of units) {
      expect({ file, sections: [...unit.keys()] }).toEqual({ file, sections: sectionsOf[file.split('.').pop()!]!.filter((name) => name !== 'Install' || unit.has('Install')) });
    }
  });

  it('use only keys systemd knows in each section', () => {
    const unknown = [...units].flatMap(([file, unit]) => [...unit].flatMap(([section, pairs]) => pairs.filter(([key]) => !knownKeys[section]?.has(key)).map(([key]) => `${file} [${section}] ${key}`)));
    expect(unknown).toEqual([]);
  });

  it('run npm scripts that package.json has, as the user in the checkout with the settings file', () => {
    const run: string[] = [];
    for (const [file, unit] of [...units].filter(([name]) => name.endsWith('.service'))) {
      expect({ file, user: values(unit, 'Service', 'User'), dir: values(unit, 'Service', 'WorkingDirectory'), env: values(unit, 'Service', 'EnvironmentFile') }).toEqual({
        file,
        user: ['konzertfreunde'],
        dir: [checkout],
        env: ['/etc/konzertfreunde.env'],
      });
      const [start, ...more] = values(unit, 'Service', 'ExecStart');
      expect({ file, more }).toEqual({ file, more: [] });
      run.push(...npmScripts(start!));
    }
    expect(run.sort()).toEqual(['backup', 'server']);
    for (const script of run) {
      expect({ script, defined: script in scripts }).toEqual({ script, defined: true });
      // `tsx <file>`: the file it runs exists.
      const file = /^tsx (\S+)/.exec(scripts[script]!)?.[1];
      if (file) expect({ script, file, exists: fs.existsSync(path.join(root, file)) }).toEqual({ script, file, exists: true });
    }
  });

  it('wait for a probe the server answers, on the port of the settings', () => {
    const posts = values(units.get('konzertfreunde.service')!, 'Service', 'ExecStartPost');
    expect(posts).toHaveLength(1);
    const url = /(https?:\/\/\S+)/.exec(posts[0]!)?.[1];
    expect(url).toBe(`http://127.0.0.1:\${PORT}${probePaths.liveness}`);
  });

  it('start the backup daily, made up after a day the host was off, from a service of this folder', () => {
    const timer = units.get('konzertfreunde-backup.timer')!;
    const target = values(timer, 'Timer', 'Unit')[0] ?? 'konzertfreunde-backup.service';
    expect(files).toContain(target);
    expect(values(timer, 'Timer', 'OnCalendar')).toEqual([expect.stringMatching(/^(?:daily|\*-\*-\* \d\d:\d\d(?::\d\d)?)$/)]);
    expect(values(timer, 'Timer', 'Persistent')).toEqual(['true']);
    expect(values(timer, 'Timer', 'RandomizedDelaySec')).toHaveLength(1);
    expect(values(units.get(target)!, 'Service', 'Type')).toEqual(['oneshot']);
    expect(values(units.get(target)!, 'Service', 'ExecStart')).toEqual(['/usr/bin/npm run backup -- --keep 14']);
  });

  it('name only paths of the checkout that exist', () => {
    const named = [...units].flatMap(([file, unit]) =>
      [...unit.values()].flat().flatMap(([, value]) => [...value.matchAll(new RegExp(`${checkout}/([^\\s:]+)`, 'g'))].map((match) => ({ file, path: match[1]! }))),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const { file, path: where } of named) expect({ file, path: where, exists: fs.existsSync(path.join(root, where)) }).toEqual({ file, path: where, exists: true });
  });

  it('are shown in docs/operations.md exactly as they are', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');
    const blocks = [...doc.matchAll(/```ini\n([\s\S]*?)```/g)].map((match) => match[1]);
    for (const file of files) expect({ file, shown: blocks.includes(fs.readFileSync(path.join(folder, file), 'utf8')) }).toEqual({ file, shown: true });
  });
});
