/**
 * The explicit schema (create-schema-customization.ts) against what the changes feed really sends. Every type is
 * `@dontInfer`, so a field the feed sends but the schema lacks is silently invisible to the templates, and a field
 * declared non-null that a record leaves empty fails the query at build time. The records come from the real
 * content server on a seeded database, turned into node fields by the plugin's own nodeFields; the SDL is built
 * by graphql-js, with Gatsby's built-ins (Node, JSON, Date, @dontInfer, @link) declared as Gatsby declares them.
 */
import type { AddressInfo } from 'node:net';
import type { GatsbyNode } from 'gatsby';
import {
  buildSchema,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { SyncNode } from '../../../contract/schemas/sync';
import { describeEachDialect } from '../../../server/src/test/dialects';
import { createTestContext, type TestContext } from '../../../server/src/test/test-context';
import { createSyncClient } from './client';
import { createSchemaCustomization } from './create-schema-customization';
import { nodeFields, nodeIdSeed, nodeTypeOf, nodeTypes } from './node-types';
import { ticketAdType } from './source-ads';

/** What Gatsby adds to every schema before ours; enough for graphql-js to build and check our SDL. */
const gatsbyBuiltIns = `
  interface Node { id: ID! }
  scalar JSON
  scalar Date
  directive @dontInfer on OBJECT
  directive @link(from: String, by: String) on FIELD_DEFINITION
`;

/** The SDL the plugin hands to `actions.createTypes`, each call's. */
function typeDefinitionsOf(customize: GatsbyNode['createSchemaCustomization']): string[] {
  const sent: string[] = [];
  const args = { actions: { createTypes: (types: string) => sent.push(types) } };
  (customize as unknown as (input: typeof args) => void)(args);
  return sent;
}

const linkOf = (type: GraphQLObjectType, field: string) =>
  type.getFields()[field].astNode?.directives?.find((directive) => directive.name.value === 'link');
const linkFrom = (type: GraphQLObjectType, field: string) => {
  const argument = linkOf(type, field)?.arguments?.find((entry) => entry.name.value === 'from')?.value;
  return argument?.kind === 'StringValue' ? argument.value : undefined;
};

/**
 * Where `value` disagrees with the declared `type`, one line each: a missing or null non-null value, a wrong
 * scalar, and (in objects) a key the type does not declare. `skip` names fields resolved by Gatsby, not stored.
 */
function disagreements(value: unknown, type: GraphQLOutputType, at: string, skip: (field: string) => boolean = () => false): string[] {
  if (isNonNullType(type)) {
    return value === null || value === undefined ? [`${at} is ${String(value)}, declared ${String(type)}`] : disagreements(value, type.ofType, at);
  }
  if (value === null || value === undefined) return [];
  if (isListType(type)) {
    return Array.isArray(value) ? value.flatMap((item, index) => disagreements(item, type.ofType, `${at}[${index}]`)) : [`${at} is not a list`];
  }
  if (isObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return [`${at} is not an object, declared ${type.name}`];
    const record = value as Record<string, unknown>;
    const fields = type.getFields();
    const undeclared = Object.keys(record)
      .filter((key) => !(key in fields))
      .map((key) => `${at}.${key} is sent but not declared on ${type.name}`);
    const declared = Object.values(fields)
      .filter((field) => !skip(field.name))
      .flatMap((field) => disagreements(record[field.name], field.type, `${at}.${field.name}`));
    return [...undeclared, ...declared];
  }
  if (isScalarType(type)) {
    const fits: Record<string, (scalar: unknown) => boolean> = {
      Int: Number.isInteger,
      Float: (scalar) => typeof scalar === 'number',
      String: (scalar) => typeof scalar === 'string',
      ID: (scalar) => typeof scalar === 'string',
      Boolean: (scalar) => typeof scalar === 'boolean',
      Date: (scalar) => typeof scalar === 'string' && !Number.isNaN(Date.parse(scalar)),
      JSON: () => true,
    };
    return fits[type.name]?.(value) ? [] : [`${at} is ${JSON.stringify(value)}, declared ${type.name}`];
  }
  return isEnumType(type) || isInterfaceType(type) ? [] : [`${at}: no check for ${String(type)}`];
}

describe('the source plugin’s schema customisation', () => {
  const sdl = typeDefinitionsOf(createSchemaCustomization);

  it('sends one SDL document that builds into a valid schema with Gatsby’s built-ins', () => {
    expect(sdl).toHaveLength(1);
    expect(() => buildSchema(gatsbyBuiltIns + sdl[0])).not.toThrow();
  });

  it('declares every node type the plugin creates, as a @dontInfer Node, and no other Node type', () => {
    const schema = buildSchema(gatsbyBuiltIns + sdl[0]);
    const nodeInterface = schema.getType('Node');
    const declaredNodes = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .filter((type) => type.getInterfaces().some((implemented) => implemented === nodeInterface));
    // The feed's types, and the exchange's ads read from the exchange call (ADR 074).
    expect(declaredNodes.map((type) => type.name).sort()).toEqual([...nodeTypes, ticketAdType].sort());
    for (const type of declaredNodes) {
      expect({ type: type.name, dontInfer: type.astNode?.directives?.some((directive) => directive.name.value === 'dontInfer') }).toEqual({ type: type.name, dontInfer: true });
    }
  });

  it('links only from a declared list of node ids to a Node type', () => {
    const schema = buildSchema(gatsbyBuiltIns + sdl[0]);
    const links = nodeTypes.flatMap((name) => {
      const type = schema.getType(name) as GraphQLObjectType;
      return Object.keys(type.getFields()).flatMap((field) => (linkOf(type, field) ? [{ type, field }] : []));
    });
    expect(links.map(({ type, field }) => `${type.name}.${field}`).sort()).toEqual([
      'KfArticle.containers',
      'KfEvent.containers',
      'KfPage.containers',
      'KfSubscription.containers',
      'KfSubscription.events',
    ]);
    for (const { type, field } of links) {
      const from = linkFrom(type, field);
      expect(from).toMatch(/_node_ids$/);
      expect(String(type.getFields()[from!].type)).toBe('[String!]!');
      const target = type.getFields()[field].type;
      expect(isNonNullType(target) && isListType(target.ofType) ? String(target.ofType.ofType) : String(target)).toMatch(/^Kf\w+!$/);
    }
  });
});

describeEachDialect('the schema customisation against the seeded feed', (dialect) => {
  let ctx: TestContext;
  let records: SyncNode[];
  let schema: GraphQLSchema;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    records = (await createSyncClient(`http://127.0.0.1:${port}`, 10_000, ctx.buildToken).full()).nodes;
    schema = buildSchema(gatsbyBuiltIns + typeDefinitionsOf(createSchemaCustomization)[0]);
  });
  afterAll(() => ctx?.close());

  /** Node id seeds stand in for Gatsby's hashed ids: one per record, the same for a link's target. */
  const fieldsOf = (record: SyncNode) => nodeFields(record, nodeIdSeed);

  it('gets a record of every node type from the seed', () => {
    expect([...new Set(records.map((record) => nodeTypeOf[record.type]))].sort()).toEqual([...nodeTypes].sort());
  });

  it('declares every field of every record with the type and nullability it arrives with', () => {
    const found = records.flatMap((record) => {
      const type = schema.getType(nodeTypeOf[record.type]) as GraphQLObjectType;
      // `id` is Gatsby's; a linked field is resolved from its `from` field, checked below.
      return disagreements(fieldsOf(record), type, `${type.name} ${record.key}`, (field) => field === 'id' || linkOf(type, field) !== undefined);
    });
    expect([...new Set(found.map((line) => line.replace(/ [^ .]+\./, ' ….').replace(/\[\d+\]/g, '[]')))]).toEqual([]);
  });

  it('resolves every link to nodes of the declared type', () => {
    const typeOfNode = new Map(records.map((record) => [nodeIdSeed(record.type, record.key), nodeTypeOf[record.type]]));
    let resolved = 0;
    for (const record of records) {
      const type = schema.getType(nodeTypeOf[record.type]) as GraphQLObjectType;
      for (const [field, definition] of Object.entries(type.getFields())) {
        const from = linkFrom(type, field);
        if (!from) continue;
        const target = String(definition.type).replace(/[[\]!]/g, '');
        const ids = fieldsOf(record)[from] as string[];
        expect({ record: record.key, field, targets: ids.map((id) => typeOfNode.get(id)) }).toEqual({ record: record.key, field, targets: ids.map(() => target) });
        resolved += ids.length;
      }
    }
    expect(resolved).toBeGreaterThan(0);
  });
});
