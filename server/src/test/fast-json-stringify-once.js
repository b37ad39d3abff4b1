/**
 * fast-json-stringify, as Fastify's serializer compiler calls it in tests (jest.config.js `moduleNameMapper`), with
 * each serializer built once per test file and options rather than once per app (ADR 058). Building the
 * response serializers of every route was most of an app's `ready()` (about 4 of 5 s), and every test context
 * builds the same app. A serializer is a pure function of its schema and options, and fast-json-stringify copies the
 * schemas it is given, so handing an app the function built for an identical schema and options answers exactly
 * what a new build would. Any other argument (or one that cannot be written as JSON) goes straight through.
 */
'use strict';

const build = require('fast-json-stringify/index.js');

const built = new Map();

/** Plain JSON data only: a function (an Ajv plugin, a custom serializer), a RegExp or a Date is not told apart by JSON. */
function plain(value) {
  if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return true;
  if (typeof value !== 'object') return false;
  // Any realm's plain object or array (Jest runs test code in a context of its own).
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== null && Object.getPrototypeOf(prototype) !== null) return false;
  return Object.values(value).every(plain);
}

function buildOnce(schema, options) {
  // Standalone code is written per call.
  if (!plain(schema) || !plain(options) || (options && options.mode !== undefined)) return build(schema, options);
  // Written out at every call, not remembered per object: Fastify's compiler swaps `options.schema` between calls.
  const key = `${JSON.stringify(schema)}\n${JSON.stringify(options ?? null)}`;
  let serializer = built.get(key);
  if (!serializer) {
    serializer = build(schema, options);
    built.set(key, serializer);
  }
  return serializer;
}

module.exports = Object.assign(buildOnce, build, { default: buildOnce, build: buildOnce });
