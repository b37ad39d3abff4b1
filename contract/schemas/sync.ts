/**
 * The changes feed's response as a TypeBox schema, matching the SyncResponse type of content.ts (checked at
 * compile time below), so the route serialises with a schema like every other.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  ContainerSchema,
  HeroSchema,
  LocaleSchema,
  NavigationSchema,
  RedirectSchema,
  SettingsSchema,
  SyncPageSchema,
  syncTypes,
  type SyncResponse,
} from './content';
import { SyncArticleCategorySchema, SyncArticleSchema, SyncEventSchema, SyncSubscriptionSchema } from './programme';

const node = <T extends string, D extends ReturnType<typeof Type.Object>>(type: T, data: D) =>
  Type.Object({ type: Type.Literal(type), key: Type.String(), data });

export const SyncNodeSchema = Type.Union([
  node('page', SyncPageSchema),
  node('container', ContainerSchema),
  node('nav', Type.Object({ ...NavigationSchema.properties, locale: LocaleSchema })),
  node('settings', Type.Object({ ...SettingsSchema.properties, locale: LocaleSchema })),
  node('redirect', Type.Object({ ...RedirectSchema.properties, id: Type.Integer() })),
  node('hero', Type.Object({ ...HeroSchema.properties, locale: LocaleSchema })),
  node('event', SyncEventSchema),
  node('subscription', SyncSubscriptionSchema),
  node('article', SyncArticleSchema),
  node('article_category', SyncArticleCategorySchema),
  node('form', Type.Object({ id: Type.Integer(), slug: Type.String() })),
]);

export const SyncResponseSchema = Type.Object({
  cursor: Type.String(),
  full: Type.Boolean(),
  nodes: Type.Array(SyncNodeSchema),
  deletes: Type.Array(
    Type.Object({ type: Type.Union(syncTypes.map((type) => Type.Literal(type))), key: Type.String() }),
  ),
});

/** `<epoch>:<seq>`: the epoch is a UUID, seq a non-negative integer. */
export const cursorPattern = '^[0-9a-fA-F-]{1,64}:[0-9]{1,15}$';

export const SyncQuerySchema = Type.Object({
  since: Type.Optional(Type.String({ pattern: cursorPattern, description: 'a cursor <epoch>:<seq>' })),
});

// Compile-time proof that the schema and the shared interface describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesContract: Same<Static<typeof SyncResponseSchema>['deletes'], SyncResponse['deletes']> = true;
void schemaMatchesContract;
const nodesMatchContract: Same<Static<typeof SyncNodeSchema>['type'], SyncResponse['nodes'][number]['type']> = true;
void nodesMatchContract;
