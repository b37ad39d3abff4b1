import { promises as fs, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Compiler, type Configuration, type Stats } from 'webpack';
import { locate } from './modules.cjs';
import { literal, repoRoot, runScenario } from './scenario';

interface Limits {
  reuses: number;
  ageMs: number;
}
/* eslint-disable @typescript-eslint/no-require-imports -- the module is plain CommonJS, loaded by Node with --require */
const reuse = require('./reuse.cjs') as {
  install: (siteRoot: string, log?: (message: string) => void) => string[];
  reuseGatsbyFiles: (module: ParcelModule, siteRoot: string, log: (message: string) => void, limits?: Limits) => void;
  reuseWebpack: (module: BundleModule, siteRoot: string, log: (message: string) => void, chunkHashes: ChunkHashes, limits?: Limits) => void;
  LIMITS: Limits;
};
// Gatsby's own functions, found through the registry and taken before `install` below wraps them.
const gatsbyBuild = (require(locate(repoRoot, 'webpackBundle')) as BundleModule).build;
const { getSSRChunkHashes } = require(locate(repoRoot, 'ssrChunkHashes')) as { getSSRChunkHashes: ChunkHashes };
/* eslint-enable @typescript-eslint/no-require-imports */

type ChunkHashes = (args: { stats: unknown; components: Map<string, { componentChunkName: string; componentPath: string }> }) => { templateHashes: Record<string, string>; renderPageHash: string };
interface Built {
  stats: Pick<Stats, 'hash' | 'hasWarnings' | 'hasErrors'>;
  close: () => Promise<void>;
}
interface BundleModule {
  build: (config: Configuration) => Promise<Built>;
}
interface ParcelModule {
  compileGatsbyFiles: (siteRoot: string, retry?: number) => Promise<void>;
  COMPILED_CACHE_DIR: string;
}

let root: string;
let logged: string[];
const log = (message: string) => logged.push(message);
const write = async (file: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), text);
};
/**
 * Writes a file stamped two seconds ago: surely before the next compilation begins, by the file system's clock too
 * (a file stamped at or after that is taken as written while webpack ran, and nothing is recorded).
 */
const writeEarlier = async (file: string, text: string) => {
  await write(file, text);
  const then = new Date(Date.now() - 2000);
  await fs.utimes(path.join(root, file), then, then);
};
/**
 * Resolves once the file system's clock, which stamps files (and may lag or, after a `utimes` with the process's
 * clock, trail the stamp), has moved past `file`'s modification time: a build that starts now sees the file as
 * written before it. A probe file is written until its stamp is later; that takes a tick of that clock.
 */
const fileClockPast = async (file: string) => {
  const stamped = (await fs.stat(path.join(root, file))).mtimeMs;
  const probe = path.join(root, 'clock-probe');
  do await fs.writeFile(probe, '');
  while ((await fs.stat(probe)).mtimeMs <= stamped);
  await fs.rm(probe);
};
/** Sets a file's modification time a second later without changing its bytes, as a rewrite with the same text does. */
const touch = async (file: string) => {
  const stat = await fs.stat(path.join(root, file));
  await fs.utimes(path.join(root, file), stat.atime, new Date(stat.mtimeMs + 1000));
};

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'kf-reuse-')));
  logged = [];
  await write('package.json', '{"name":"site"}');
  await write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('install', () => {
  it('finds both functions in the Gatsby this project installs, so an upgrade that moves them fails here', () => {
    expect(reuse.install(repoRoot)).toEqual(['compileGatsbyFiles', 'webpack']);
  });

  it('leaves a project without those modules as it is', () => {
    expect(reuse.install(root)).toEqual([]);
  });
});

describe('webpack: an unchanged compilation reused', () => {
  let compilations: number;
  let bundle: BundleModule;
  let touchWhileCompiling: boolean;
  let limits: Limits;
  // In every configuration, so it does not change the configuration: it rewrites a source file (same bytes, new
  // time) while the compilation runs when asked to.
  const toucher = { apply: (compiler: Compiler) => compiler.hooks.afterCompile.tap('touch', () => void (touchWhileCompiling && utimesSync(path.join(root, 'src/util.js'), new Date(), new Date()))) };
  // As Gatsby builds its configuration: the environment's GATSBY_ values baked in by DefinePlugin.
  const config = (define = 'one'): Configuration => ({
    mode: 'production',
    context: root,
    entry: './src/index.js',
    output: { path: path.join(root, 'public'), filename: 'app.js' },
    resolve: { extensions: ['.ts', '.js'] },
    optimization: { minimize: false },
    plugins: [new webpack.DefinePlugin({ KF_TEST: JSON.stringify(define), 'process.env.GATSBY_KF_TEST': JSON.stringify(process.env.GATSBY_KF_TEST ?? '') }), toucher],
  });
  const outputs = async () => (await fs.readdir(path.join(root, 'public'))).sort();
  const outputText = async () => (await Promise.all((await outputs()).map((name) => fs.readFile(path.join(root, 'public', name), 'utf8')))).join('\n');

  beforeEach(async () => {
    compilations = 0;
    touchWhileCompiling = false;
    bundle = {
      build: (options) => {
        compilations += 1;
        return gatsbyBuild(options);
      },
    };
    limits = { ...reuse.LIMITS };
    reuse.reuseWebpack(bundle, root, log, getSSRChunkHashes, limits);
    await write('src/index.js', "import { word } from './util';\nconsole.log(word, KF_TEST, process.env.GATSBY_KF_TEST);\n");
    await write('src/util.js', "export const word = 'alt';\n");
    // Written before the build, not while it runs.
    await fileClockPast('src/util.js');
  });

  it('compiles once, then hands Gatsby the same hash without compiling while nothing changed', async () => {
    const first = await bundle.build(config());
    await first.close();
    expect(compilations).toBe(1);
    expect(await outputText()).toContain("'alt'");

    const second = await bundle.build(config());
    await second.close();
    expect(compilations).toBe(1);
    expect(second.stats.hash).toBe(first.stats.hash);
    expect(second.stats.hasErrors()).toBe(false);
    expect(logged).toEqual(['reused the webpack compilation for public']);
  });

  it('answers Gatsby’s per-template chunk hashes (how it tells which pages to render again) as the compilation did', async () => {
    await write('src/index.js', "import { word } from './util';\nimport('./later').then((m) => console.log(m.late));\nconsole.log(word, KF_TEST);\n");
    await write('src/later.js', "export const late = 'later';\n");
    await write('src/other.js', "import('./later').then((m) => console.log(m.late, 'other'));\n");
    const named = (): Configuration => ({ ...config(), entry: { 'render-page': './src/index.js', 'component---src-other-js': './src/other.js' }, output: { path: path.join(root, 'public'), filename: '[name].js', chunkFilename: '[name]-[contenthash].js' } });
    await fileClockPast('src/other.js');
    const components = new Map([['/src/other.js', { componentChunkName: 'component---src-other-js', componentPath: '/src/other.js' }]]);
    const first = await bundle.build(named());
    const second = await bundle.build(named());
    expect(compilations).toBe(1);
    const compiled = getSSRChunkHashes({ stats: first.stats, components });
    expect(compiled.renderPageHash).toMatch(/--/);
    expect(compiled.templateHashes['/src/other.js']).toMatch(/--/);
    expect(getSSRChunkHashes({ stats: second.stats, components })).toEqual(compiled);
  });

  it('counts a file written again with the same bytes as unchanged', async () => {
    await (await bundle.build(config())).close();
    await touch('src/util.js');
    await (await bundle.build(config())).close();
    expect(compilations).toBe(1);
  });

  it('reuses when only files webpack did not read change around the sources (the site folder, its parent)', async () => {
    await bundle.build(config());
    await write('notes.txt', 'a file the bundle does not read');
    await write('../kf-reuse-sibling.txt', 'x');
    await fs.rm(path.join(root, '..', 'kf-reuse-sibling.txt'));
    await write('src/editor/readme.txt', 'a folder where webpack may have looked for a file');
    await bundle.build(config());
    expect(compilations).toBe(1);
  });

  it('compiles again when a source file changes, and the output has the change', async () => {
    const first = await bundle.build(config());
    await write('src/util.js', "export const word = 'neu';\n");
    const second = await bundle.build(config());
    expect(compilations).toBe(2);
    expect(second.stats.hash).not.toBe(first.stats.hash);
    expect(await outputText()).toContain("'neu'");
  });

  it('compiles again when a file appears where webpack looked first (a missing dependency)', async () => {
    await bundle.build(config());
    await write('src/util.ts', "export const word = 'ts';\n");
    await bundle.build(config());
    expect(compilations).toBe(2);
    expect(await outputText()).toContain("'ts'");
  });

  it('compiles again when the configuration differs', async () => {
    await bundle.build(config('one'));
    await bundle.build(config('two'));
    expect(compilations).toBe(2);
    expect(await outputText()).toContain('"two"');
  });

  it('compiles again when an emitted file is gone or was changed', async () => {
    await bundle.build(config());
    const [emitted] = await outputs();
    await fs.rm(path.join(root, 'public', emitted!));
    await bundle.build(config());
    expect(compilations).toBe(2);
    expect(await outputs()).toEqual([emitted]);

    await fs.appendFile(path.join(root, 'public', emitted!), '// edited');
    await bundle.build(config());
    expect(compilations).toBe(3);
  });

  it('compiles again when either lock file changed (the installed packages, which it does not list file by file)', async () => {
    await write('node_modules/.package-lock.json', '{"lockfileVersion":3}');
    await bundle.build(config());
    await write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    await bundle.build(config());
    expect(compilations).toBe(2);
    await write('node_modules/.package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    await bundle.build(config());
    expect(compilations).toBe(3);
    await bundle.build(config());
    expect(compilations).toBe(3);
  });

  it('compiles again when a file appears that webpack found only by listing a folder (require.context), at any depth', async () => {
    await writeEarlier('src/index.js', "const pages = require.context('./pages', true, /\\.js$/);\nconsole.log(pages.keys().map((key) => pages(key).name));\n");
    await writeEarlier('src/pages/a.js', "exports.name = 'page-a';\n");
    await writeEarlier('src/pages/deep/b.js', "exports.name = 'page-b';\n");
    await bundle.build(config());
    await bundle.build(config());
    expect(compilations).toBe(1);

    await writeEarlier('src/pages/c.js', "exports.name = 'page-c';\n");
    await bundle.build(config());
    expect(compilations).toBe(2);
    expect(await outputText()).toContain('page-c');
    // Webpack names only the listed folder; a file in a folder below it counts as well.
    await writeEarlier('src/pages/deep/d.js', "exports.name = 'page-d';\n");
    await bundle.build(config());
    expect(compilations).toBe(3);
    expect(await outputText()).toContain('page-d');
    await bundle.build(config());
    expect(compilations).toBe(3);
  });

  it('compiles again when an environment variable that DefinePlugin bakes into the bundle changes', async () => {
    const before = process.env.GATSBY_KF_TEST;
    try {
      process.env.GATSBY_KF_TEST = 'erste';
      await bundle.build(config());
      await bundle.build(config());
      expect(compilations).toBe(1);
      process.env.GATSBY_KF_TEST = 'zweite';
      await bundle.build(config());
      expect(compilations).toBe(2);
      expect(await outputText()).toContain('zweite');
    } finally {
      if (before === undefined) delete process.env.GATSBY_KF_TEST;
      else process.env.GATSBY_KF_TEST = before;
    }
  });

  it('compiles again when a variable a loader may read outside the configuration changes (BABEL_ENV)', async () => {
    const before = process.env.BABEL_ENV;
    try {
      process.env.BABEL_ENV = 'one';
      await bundle.build(config());
      process.env.BABEL_ENV = 'two';
      await bundle.build(config());
      expect(compilations).toBe(2);
    } finally {
      if (before === undefined) delete process.env.BABEL_ENV;
      else process.env.BABEL_ENV = before;
    }
  });

  it('compiles in full after as many reuses as the safety net allows, or once the record is too old', async () => {
    limits.reuses = 2;
    for (let i = 0; i < 3; i++) await bundle.build(config());
    expect(compilations).toBe(1);
    await bundle.build(config());
    expect(compilations).toBe(2);
    expect(logged).toContain('not reused: reused 2 times, so the step runs in full (safety net)');
    // The full compilation recorded afresh: reused again.
    await bundle.build(config());
    expect(compilations).toBe(2);

    limits.reuses = 50;
    limits.ageMs = 0;
    await bundle.build(config());
    expect(compilations).toBe(3);
  });

  it('records nothing when a source file was written while webpack compiled, so the next build compiles', async () => {
    touchWhileCompiling = true;
    await bundle.build(config());
    touchWhileCompiling = false;
    // The touch used the process's clock, which the file system's may trail: the next build starts after it.
    await fileClockPast('src/util.js');
    await bundle.build(config());
    expect(compilations).toBe(2);
    await bundle.build(config());
    expect(compilations).toBe(2);
  });

  it('does not reuse after a failed compilation', async () => {
    await bundle.build(config());
    await write('src/util.js', 'export const word = ;\n');
    await expect(bundle.build(config())).rejects.toBeDefined();
    await expect(bundle.build(config())).rejects.toBeDefined();
    expect(compilations).toBe(3);
  });
});

describe('compileGatsbyFiles: unchanged gatsby files not compiled again', () => {
  let compiles: number;
  let parcel: ParcelModule;
  let limits: Limits;

  beforeEach(async () => {
    compiles = 0;
    parcel = {
      COMPILED_CACHE_DIR: '.cache/compiled',
      // What Parcel does, in short: empty the output folder and write each entry's bundle.
      compileGatsbyFiles: async (siteRoot) => {
        compiles += 1;
        await fs.rm(path.join(siteRoot, '.cache/compiled'), { recursive: true, force: true });
        await fs.mkdir(path.join(siteRoot, '.cache/compiled'), { recursive: true });
        await fs.writeFile(path.join(siteRoot, '.cache/compiled/gatsby-node.js'), `// compiled ${compiles}`);
      },
    };
    limits = { ...reuse.LIMITS };
    reuse.reuseGatsbyFiles(parcel, root, log, limits);
    await write('gatsby-node.ts', "import { pages } from './gatsby/pages';\nexport const createPages = pages;\n");
    await write('gatsby/pages.ts', "import data from '../data/site.json';\nexport const pages = () => data;\n");
    await write('data/site.json', '{"a":1}');
    await write('plugins/source/gatsby-node.ts', "export { sourceNodes } from './src/source';\n");
    await write('plugins/source/src/source.ts', 'export const sourceNodes = () => undefined;\n');
    await write('src/unrelated.ts', 'export const x = 1;\n');
  });

  it('compiles once; the next build finds the same files and its output, and does not', async () => {
    await parcel.compileGatsbyFiles(root);
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(1);
    expect(logged).toEqual(['reused the compiled gatsby files']);
    // A file Parcel does not bundle changes nothing.
    await write('src/unrelated.ts', 'export const x = 2;\n');
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(1);
  });

  it('compiles when any file reached by relative imports changes, in the site or a local plugin', async () => {
    await parcel.compileGatsbyFiles(root);
    for (const [file, text] of [
      ['gatsby/pages.ts', 'export const pages = () => 2;\n'],
      ['plugins/source/src/source.ts', 'export const sourceNodes = () => 1;\n'],
      ['gatsby-node.ts', "import { pages } from './gatsby/pages';\nimport './gatsby/extra';\nexport const createPages = pages;\n"],
    ] as const) {
      const before = compiles;
      await write(file, text);
      await parcel.compileGatsbyFiles(root);
      expect(compiles).toBe(before + 1);
    }
    // The import above resolved to nothing; the file appearing is a change too.
    await write('gatsby/extra.ts', 'export {};\n');
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(5);
  });

  it('compiles when the JSON a file imports changes, the output is gone, or the packages changed', async () => {
    await parcel.compileGatsbyFiles(root);
    await write('data/site.json', '{"a":2}');
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(2);
    await fs.rm(path.join(root, '.cache/compiled/gatsby-node.js'));
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(3);
    await write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(4);
  });

  it('compiles in full once the safety net’s count of reuses is reached', async () => {
    limits.reuses = 1;
    await parcel.compileGatsbyFiles(root);
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(1);
    await parcel.compileGatsbyFiles(root);
    expect(compiles).toBe(2);
  });

  it('leaves Gatsby’s retries to Gatsby', async () => {
    await parcel.compileGatsbyFiles(root);
    await parcel.compileGatsbyFiles(root, 1);
    expect(compiles).toBe(2);
  });
});

describe('warmQueryParser', () => {
  it('parses this site’s files for Gatsby’s query extraction without reporting to its store, and gives the store back', async () => {
    // In a folder of its own: Gatsby's store, loaded there, starts empty instead of reading the checkout's .cache.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-warm-'));
    try {
      await fs.writeFile(
        path.join(dir, 'warm.js'),
        `const { store } = require(${literal(locate(repoRoot, 'redux'))});
const seen = [];
store.dispatch = (action) => seen.push(action);
const own = store.dispatch;
require(${literal(path.join(__dirname, 'reuse.cjs'))}).warmQueryParser(${literal(repoRoot)}).then((files) => {
  console.log('RESULT ' + JSON.stringify({ files, seen: seen.length, givenBack: store.dispatch === own }));
  process.exit(0);
});`,
      );
      const result = runScenario<{ files: number; seen: number; givenBack: boolean }>(path.join(dir, 'warm.js'), [], dir);
      // Every file of src/ at least, and the packages named like Gatsby's (gatsby-plugin-image among them).
      const sources = (await fs.readdir(path.join(repoRoot, 'src'), { recursive: true })).filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'));
      expect(result.files).toBeGreaterThan(sources.length);
      expect(result).toMatchObject({ seen: 0, givenBack: true });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
