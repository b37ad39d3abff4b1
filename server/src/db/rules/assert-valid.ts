import { Kind, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { ContentValidationError } from '../errors';
import { boundRefusal, choiceRefusal, lengthRefusal, patternRefusal, type SchemaRefusal } from '../../../../contract/schemas/schema-refusals';

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

/** The refusal code of the error, as the request's schema check would give it (plugins/error-handler.ts). */
function refusalOf(error: ValueError): SchemaRefusal {
  const schema = error.schema as TSchema & Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { code: 'required' };
    case ValueErrorType.ObjectAdditionalProperties:
      return { code: 'unknown_field' };
    case ValueErrorType.StringMinLength:
      return lengthRefusal('min', schema.minLength);
    case ValueErrorType.StringMaxLength:
      return lengthRefusal('max', schema.maxLength);
    case ValueErrorType.StringPattern:
      return { code: patternRefusal(schema.description) };
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return boundRefusal('min', schema.minimum);
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return boundRefusal('max', schema.maximum);
    case ValueErrorType.ArrayMaxItems:
      return { code: 'too_many_items', params: { limit: Number(schema.maxItems) } };
    case ValueErrorType.ArrayMinItems:
      return { code: 'too_few_items', params: { limit: Number(schema.minItems) } };
    case ValueErrorType.Integer:
      return { code: 'not_a_whole_number' };
    case ValueErrorType.Number:
      return { code: 'not_a_number' };
    case ValueErrorType.String:
      return { code: 'not_text' };
    case ValueErrorType.Boolean:
      return { code: 'not_yes_no' };
    case ValueErrorType.Array:
      return { code: 'not_a_list' };
    case ValueErrorType.Literal:
      return choiceRefusal([schema.const]);
    case ValueErrorType.Union: {
      const options = ((schema.anyOf as TSchema[] | undefined) ?? []).filter((option) => option[Kind] === 'Literal');
      return options.length ? choiceRefusal(options.map((option) => option.const)) : { code: 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}

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
  const { code, params } = refusalOf(first);
  throw new ContentValidationError(field, `${field} ${describe(first)}`).because(code, params);
}
