/**
 * package.json says what the code uses, no more and no less (ADR 078): every package a source file imports is
 * declared, every declared package is imported (or is one of the few tools below that only a command or a config
 * names), what `npm start` loads (the build and the content server) is a dependency and the rest a devDependency,
 * and every install script in the lock file has its decision in `allowScripts`, explained in the README.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

/** Folders whose files are ours. `tools/` is not among them: each tool there has its own package.json and lock. */
const sourceFolders = ['src', 'server', 'contract', 'gatsby', 'plugins', 'scripts', 'bench', 'tests', 'netlify'];
/** Never ours, also where `npm start`, a build or a test has run. */
const skippedFolders = new Set(['node_modules', 'public', '.cache', 'var']);
const sourceFile = /\.(?:[cm]?[jt]sx?)$/;

/**
 * Declared, imported by no file: each is used by a command of package.json's scripts, a config or another package.
 */
const usedWithoutImport: Record<string, string> = {
  tsx: 'runs our scripts and the content server (npm start, npm run server)',
  jest: 'npm run test:unit',
  '@swc/core': 'the compiler @swc/jest runs, a peer dependency of it',
  '@swc/jest': "jest.config.js's transform",
  'dependency-cruiser': 'npm run lint:boundaries (depcruise)',
  'slate-dom': "a peer dependency of slate-react, declared so its version moves with slate's",
  '@types/node': "tsconfig.json's types",
  '@types/jest': "tsconfig.json's types",
};

/**
 * Gatsby's own dependencies, which our code patches or calls in the copy Gatsby loads: reached only by
 * `require.resolve(name, { paths: [<gatsby's folder>] })`, so declaring them would install a copy nobody loads
 * (`glob`: Gatsby has its own under node_modules/gatsby/node_modules).
 */
// The registry of Gatsby's private modules is the one place that names them (ADR 077): the packages of its entries
// that package.json does not declare.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the registry is CommonJS, loaded as Gatsby's builds load it
const registry = require('../gatsby/private/modules.cjs') as { ENTRIES: Record<string, { package: string }> };
const reachedThroughGatsby = () => [...new Set(Object.values(registry.ENTRIES).map((entry) => entry.package))].filter((name) => name !== 'gatsby' && !(name in declared));

/**
 * What `npm start` loads besides src/ and plugins/ (Gatsby builds all of them): Gatsby's config files, the content
 * server's two commands and the start script, and the standby process the site builder starts by path.
 */
const runtimeEntries = [
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'server/src/main.ts',
  'server/src/cli.ts',
  'scripts/start.ts',
  'gatsby/private/standby.cjs',
];
/** Needed by `npm start` though no file of it imports them: its commands, and a peer dependency the editor loads. */
const runtimeWithoutImport = ['tsx', 'gatsby', 'slate-dom'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('tests/') || file.includes('/test/');

function listSources(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory() && !skippedFolders.has(entry.name)) walk(relative);
      else if (entry.isFile() && sourceFile.test(entry.name)) files.push(relative);
    }
  };
  sourceFolders.forEach(walk);
  for (const entry of fs.readdirSync(root)) if (sourceFile.test(entry)) files.push(entry);
  return files;
}

interface Reference {
  specifier: string;
  /** Erased by the compiler: an `import type`, or an import of types only. */
  typeOnly: boolean;
}

const loaders = new Set(['require', 'require.resolve', 'jest.mock', 'jest.requireActual', 'jest.doMock']);

function referencesOf(file: string): Reference[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Reference[] = [];
  const add = (specifier: string, typeOnly = false) => found.push({ specifier, typeOnly });
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause !== undefined &&
        !clause.name &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier.text, (ts.isImportDeclaration(node) ? clause?.isTypeOnly === true : node.isTypeOnly) || typesOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      add(node.moduleReference.expression.text, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : node.expression.getText(source);
      if (callee === 'import' || loaders.has(callee)) {
        add(node.arguments[0].text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The package a specifier names, or undefined for a relative path or one of Node's own modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtinModules.includes(name) ? undefined : name;
}

/** The file a relative specifier of `from` names, as Node, Gatsby and tsx would find it. */
function resolveRelative(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, ...['.ts', '.tsx', '.js', '.cjs', '.mjs'].flatMap((extension) => [base + extension, `${base}/index${extension}`])];
  return candidates.find((candidate) => known.has(candidate));
}

const files = listSources();
const references = new Map(files.map((file) => [file, referencesOf(file)]));
const localPlugins = new Set(fs.readdirSync(path.join(root, 'plugins')));
const declared = { ...manifest.dependencies, ...manifest.devDependencies };

/** package → the files that import it (a type-only import counts: the types come from that package). */
function importers(filter: (file: string, reference: Reference) => boolean): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const [file, list] of references) {
    for (const reference of list) {
      const name = packageOf(reference.specifier);
      if (name === undefined || localPlugins.has(name) || !filter(file, reference)) continue;
      used.set(name, [...(used.get(name) ?? []), file]);
    }
  }
  return used;
}

/** Every file `npm start` loads: src/ and plugins/ whole, the entries, and what they import, followed through. */
function runtimeFiles(): Set<string> {
  const known = new Set(files);
  const queue = files.filter((file) => (file.startsWith('src/') || file.startsWith('plugins/')) && !isTest(file));
  queue.push(...runtimeEntries);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const reference of references.get(file) ?? []) {
      if (reference.typeOnly || !reference.specifier.startsWith('.')) continue;
      const target = resolveRelative(file, reference.specifier, known);
      if (target !== undefined) queue.push(target);
    }
  }
  return seen;
}

describe('package.json', () => {
  it('finds the sources it judges', () => {
    // Guards the walk itself: a wrong root would find nothing and pass every check below.
    expect(files).toEqual(expect.arrayContaining(['gatsby-config.ts', 'server/src/main.ts', 'src/lib/image.ts', 'scripts/declared-packages.test.ts']));
    expect(runtimeEntries.filter((entry) => !files.includes(entry))).toEqual([]);
  });

  it('declares every package a source file imports', () => {
    const used = importers(() => true);
    const undeclared = [...used].filter(([name]) => !(name in declared)).map(([name, where]) => `${name} (${where[0]})`);
    expect(undeclared).toEqual([]);
  });

  it('reaches Gatsby’s own packages only through Gatsby', () => {
    const gatsby = JSON.parse(fs.readFileSync(require.resolve('gatsby/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // The fence's registry names Gatsby's own copies of them; nothing else imports them as if they were ours.
    expect(reachedThroughGatsby().length).toBeGreaterThan(0);
    expect(reachedThroughGatsby().filter((name) => !(name in gatsby.dependencies))).toEqual([]);
    const direct = importers(() => true);
    expect(reachedThroughGatsby().filter((name) => direct.has(name))).toEqual([]);
  });

  it('declares no package that nothing imports', () => {
    const used = importers(() => true);
    const typesFor = (name: string) => {
      const target = name.slice('@types/'.length);
      return target.includes('__') ? `@${target.replace('__', '/')}` : target;
    };
    const unused = Object.keys(declared).filter(
      (name) => !used.has(name) && !(name in usedWithoutImport) && !(name.startsWith('@types/') && used.has(typesFor(name))),
    );
    expect(unused).toEqual([]);
    // The list above stays true: each of it is still declared.
    expect(Object.keys(usedWithoutImport).filter((name) => !(name in declared))).toEqual([]);
  });

  it('makes what `npm start` loads a dependency and everything else a devDependency', () => {
    const runtime = runtimeFiles();
    const loaded = importers((file, reference) => runtime.has(file) && !reference.typeOnly);
    const missing = [...loaded.keys()].filter((name) => !(name in manifest.dependencies)).map((name) => `${name} (${loaded.get(name)![0]})`);
    expect(missing).toEqual([]);
    const needless = Object.keys(manifest.dependencies).filter((name) => !loaded.has(name) && !runtimeWithoutImport.includes(name));
    expect(needless).toEqual([]);
  });

  it('pins gatsby to the version installed', () => {
    const installed = (JSON.parse(fs.readFileSync(require.resolve('gatsby/package.json'), 'utf8')) as { version: string }).version;
    expect(manifest.dependencies.gatsby).toBe(installed);
  });

  it('has a decision in allowScripts for every install script in the lock file, and none for a package without one', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.hasInstallScript)
      .map(([where, entry]) => ({ name: where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version }));
    // By name, not `name@version`: the lock file is written without `resolved` URLs, and npm matches a pinned entry
    // only against the version in such a URL (ADR 078).
    expect(withScripts.filter(({ name }) => typeof manifest.allowScripts[name] !== 'boolean').map(({ name, version }) => `${name}@${version}`)).toEqual([]);
    const stale = Object.keys(manifest.allowScripts).filter((key) => !withScripts.some(({ name }) => key === name));
    expect(stale).toEqual([]);
  });
});
