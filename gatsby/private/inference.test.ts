import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { literal, repoRoot, runScenario } from './scenario';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-inference-'));
  // Gatsby's own store, LMDB datastore and schema build, in a folder of their own (its .cache is made there): a
  // `@dontInfer` type as our source plugin declares them and a type left to inference, then one schema build. It
  // prints the types whose nodes were read and what the build made. Gatsby's modules come from the registry.
  await fs.writeFile(
    path.join(dir, 'scenario.js'),
    `const registry = require(${literal(path.join(__dirname, 'modules.cjs'))});
const g = (id) => require(registry.locate(${literal(repoRoot)}, id));
const { store } = g('redux');
const { actions } = g('reduxActions');
const datastore = g('datastore');
const schema = g('schema');
const { printSchema } = g('graphql');
const inference = require(${literal(path.join(__dirname, 'inference.cjs'))});
(async () => {
  if (process.argv[2] === 'install') {
    const twice = [inference.install(${literal(repoRoot)}), inference.install(${literal(repoRoot)})];
    console.log('RESULT ' + JSON.stringify({ twice, marked: schema.build.skipsIgnoredInference === true }));
    process.exit(0);
  }
  store.dispatch({ type: 'SET_PROGRAM', payload: { directory: process.cwd() } });
  const plugin = { name: 'kf-test', id: 'kf-test' };
  store.dispatch(actions.createTypes('type KfThing implements Node @dontInfer { title: String }', plugin));
  for (let i = 0; i < 3; i++) {
    store.dispatch(actions.createNode({ id: 'kf-' + i, title: 'T' + i, notDeclared: i, internal: { type: 'KfThing', contentDigest: 'k' + i } }, plugin));
    store.dispatch(actions.createNode({ id: 'loose-' + i, name: 'N' + i, internal: { type: 'Loose', contentDigest: 'l' + i } }, plugin));
  }
  await datastore.getDataStore().ready();
  const dataStore = datastore.getDataStore();
  const iterate = dataStore.iterateNodesByType;
  const read = new Set();
  let building = true;
  dataStore.iterateNodesByType = function (type, ...rest) {
    if (building) for (const node of iterate.call(this, type, ...rest)) read.add(node.internal.type);
    return iterate.call(this, type, ...rest);
  };
  if (process.argv[2] === 'installed') inference.skipIgnoredInference(schema, { store }, datastore);
  await schema.build({});
  building = false;
  const after = [...dataStore.iterateNodesByType('KfThing')].length;
  const { typeMap } = store.getState().inferenceMetadata;
  process.stderr.write('RESULT ' + JSON.stringify({ read: [...read].sort(), after, schema: printSchema(store.getState().schema), metadata: { KfThing: typeMap.KfThing, Loose: typeMap.Loose } }) + '\\n');
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });`,
  );
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

interface Result {
  read: string[];
  after: number;
  schema: string;
  metadata: Record<string, unknown>;
}

async function run<T>(mode: string): Promise<T> {
  const cwd = path.join(dir, mode);
  await fs.mkdir(cwd, { recursive: true });
  return runScenario<T>(path.join(dir, 'scenario.js'), [mode], cwd);
}

describe("Gatsby's schema build skips reading the nodes of types whose inference is off (inference.cjs)", () => {
  test('the same schema and inference metadata, without reading a @dontInfer type’s nodes; other readers still get them', async () => {
    const shipped = await run<Result>('as-shipped');
    const installed = await run<Result>('installed');
    // As Gatsby ships, the inference pass reads the @dontInfer type's nodes too.
    expect(shipped.read).toEqual(expect.arrayContaining(['KfThing', 'Loose']));
    expect(installed.read).not.toContain('KfThing');
    expect(installed.read).toContain('Loose');
    // What the build made is the same: a field the @dontInfer type does not declare stays out of the schema.
    expect(installed.schema).toBe(shipped.schema);
    expect(installed.schema).toContain('type Loose implements Node');
    expect(installed.schema).not.toContain('notDeclared');
    expect(installed.metadata).toEqual(shipped.metadata);
    expect(installed.metadata.KfThing).toMatchObject({ ignored: true });
    // After the schema step, the type's nodes are there for whoever asks.
    expect(installed.after).toBe(3);
  }, 120_000);

  test('it installs on the installed Gatsby, once', async () => {
    expect(await run<{ twice: boolean[]; marked: boolean }>('install')).toEqual({ twice: [true, true], marked: true });
  }, 60_000);
});
