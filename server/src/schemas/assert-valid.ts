import { Kind, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { ContentValidationError } from '../services/errors';

const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerFor<T extends TSchema>(schema: T): TypeCheck<T> {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = TypeCompiler.Compile(schema);
    checkers.set(schema, checker);
  }
  return checker as TypeCheck<T>;
}

/** `/children/0/headline` → `children.0.headline`, with an optional prefix such as `translations.de`. */
export function fieldName(pointer: string, prefix = ''): string {
  const path = pointer.split('/').filter(Boolean).join('.');
  return [prefix, path].filter(Boolean).join('.') || prefix || 'body';
}

const kindWords: Record<string, string> = {
  Integer: 'a whole number',
  Number: 'a number',
  String: 'text',
  Boolean: 'true or false',
  Null: 'null',
  Object: 'an object',
  Array: 'a list',
};

/** A short English sentence about the error, meant to be shown next to the field. */
function describe(error: ValueError): string {
  const schema = error.schema as TSchema & Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? 'is required' : `must be at least ${schema.minLength} characters long`;
    case ValueErrorType.StringMaxLength:
      return `must be at most ${schema.maxLength} characters long`;
    case ValueErrorType.StringPattern:
      return typeof schema.description === 'string' ? `must be ${schema.description}` : 'has an invalid format';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${schema.minimum}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${schema.maximum}`;
    case ValueErrorType.Integer:
      return 'must be a whole number';
    case ValueErrorType.String:
      return 'must be text';
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.Array:
      return 'must be a list';
    case ValueErrorType.Object:
      return 'must be an object';
    case ValueErrorType.Union: {
      const options = ((schema.anyOf as TSchema[] | undefined) ?? [])
        .filter((option) => option[Kind] === 'Literal')
        .map((option) => String(option.const));
      if (options.length) return `must be one of: ${options.join(', ')}`;
      const kinds = ((schema.anyOf as TSchema[] | undefined) ?? []).map((option) => kindWords[String(option[Kind])] ?? 'a valid value');
      return `must be ${kinds.join(' or ')}`;
    }
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1);
  }
}

/**
 * Checks `value` against a TypeBox schema and throws a ContentValidationError naming the first bad field.
 * Checkers are compiled once per schema.
 */
export function assertValid<T extends TSchema>(schema: T, value: unknown, prefix = ''): asserts value is Static<T> {
  const checker = checkerFor(schema);
  if (checker.Check(value)) return;
  const first = checker.Errors(value).First();
  if (!first) throw new ContentValidationError(prefix || 'body', `${prefix || 'body'} is invalid`);
  const field = fieldName(first.path, prefix);
  throw new ContentValidationError(field, `${field} ${describe(first)}`);
}
