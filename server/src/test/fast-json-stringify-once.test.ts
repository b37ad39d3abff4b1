/**
 * The serializer builder tests run with (fast-json-stringify-once.js, ADR 058): the same serializer for the same
 * schema and options, a new one otherwise, and the same answers as fast-json-stringify's own.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the real module, past jest.config.js's mapping
const real = require('fast-json-stringify/index.js') as typeof import('fast-json-stringify');
import mapped from 'fast-json-stringify';

const schema: Parameters<typeof real>[0] = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { $ref: 'tag#' } } } };
const external: Record<string, Parameters<typeof real>[0]> = { tag: { $id: 'tag', type: 'object', properties: { label: { type: 'string' } } } };
const value = { id: 7, name: 'Konzert "Herbst"', tags: [{ label: 'a', extra: 1 }], secret: 'not in the schema' };

describe('fast-json-stringify in tests', () => {
  it('is the once-per-file builder', () => {
    expect(mapped).not.toBe(real);
    expect(mapped.validLargeArrayMechanisms).toBe(real.validLargeArrayMechanisms);
  });

  it('gives the serializer built before for an equal schema and equal options', () => {
    const copy = <T>(data: T): T => JSON.parse(JSON.stringify(data)) as T;
    const first = mapped(copy(schema), { schema: copy(external) });
    expect(mapped(structuredClone(schema), { schema: structuredClone(external) })).toBe(first);
    expect(first(value)).toBe(real(schema, { schema: external })(value));
  });

  it('builds anew when the schema or the options differ', () => {
    const first = mapped(schema, { schema: external });
    expect(mapped({ ...schema, required: ['id'] }, { schema: external })).not.toBe(first);
    expect(mapped(schema, { schema: external, rounding: 'floor' })).not.toBe(first);
    const otherTag: typeof external = { tag: { $id: 'tag', type: 'object', properties: { name: { type: 'string' } } } };
    expect(mapped(schema, { schema: otherTag })(value)).toBe(real(schema, { schema: otherTag })(value));
  });

  it('builds anew for options JSON cannot tell apart', () => {
    // An Ajv plugin is a function.
    const ajv = { plugins: [() => undefined] } as unknown as NonNullable<Parameters<typeof real>[1]>['ajv'];
    expect(mapped(schema, { schema: external, ajv })).not.toBe(mapped(schema, { schema: external, ajv }));
  });
});
