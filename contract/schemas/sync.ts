/**
 * The changes feed's response (docs/content-api.md): the server serialises with these schemas and the source
 * plugin takes its types from them, so the two cannot describe different feeds. They live apart from content.ts
 * because they gather the programme's shapes too, and programme.ts builds on content.ts.
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
} from './content';
import { SyncArticleCategorySchema, SyncArticleSchema, SyncEventSchema, SyncSubscriptionSchema } from './programme';
import { PublicFormSchema } from './forms';

/** What the feed carries, one name per node type. */
export const syncTypes = [
  'page',
  'container',
  'nav',
  'settings',
  'redirect',
  'hero',
  'event',
  'subscription',
  'article',
  'article_category',
  'form',
] as const;
export type SyncType = (typeof syncTypes)[number];

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
  // An online form with what `GET /{locale}/api/forms/{slug}/` answers per language, so the build makes its
  // address (ADR 042) and renders the form into the page (ADR 072).
  node('form', Type.Object({ id: Type.Integer(), slug: Type.String(), definitions: Type.Object({ de: PublicFormSchema, en: PublicFormSchema }) })),
]);
export type SyncNode = Static<typeof SyncNodeSchema>;

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

export type SyncResponse = Static<typeof SyncResponseSchema>;

// Every node type has its node schema, and no schema a type the list lacks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const nodesMatchTypes: Same<SyncNode['type'], SyncType> = true;
void nodesMatchTypes;
