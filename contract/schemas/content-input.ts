/**
 * Shapes of what callers write (repositories, and later the editor's routes). The response shapes live in
 * content.ts; these differ where the server derives values (paths, ids, resolved media).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { layouts } from './content';
import { DbCount, DbId } from './requests';
import { linkDescription, linkPattern, type LinkRuleOptions } from '../link-rule';
import { referencePattern } from '../link-reference';
import { emailDescription } from '../email-rule';
import { slugDescription, slugPattern } from '../slug-rule';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const SlugSchema = Type.String({ pattern: slugPattern, description: slugDescription });

/** A typed link address under the one link rule (shared/link-rule.ts, ADR 026). */
export const LinkRuleSchema = (options: LinkRuleOptions & { maxLength?: number } = {}) =>
  Type.String({ pattern: linkPattern(options), maxLength: options.maxLength ?? 1000, description: linkDescription(options) });

/**
 * A path on this site with its locale prefix, e.g. /de/verein: the link rule's same-site path (a single leading
 * slash, no backslash, whitespace or control character), and no query or fragment.
 */
export const SitePathSchema = Type.String({
  pattern: '^/(?:[^\\x00-\\x20\\x7f\\\\\\s?#/][^\\x00-\\x20\\x7f\\\\\\s?#]*)?$',
  maxLength: 500,
  description: 'a path on this site starting with a single / without spaces, backslashes, query or fragment',
});

export const PageTranslationInputSchema = Type.Object({
  /** Empty only for the home page. */
  slug: Type.String({ pattern: `^(?:${slugPattern.slice(1, -1)})?$`, description: slugDescription }),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  headline: Type.Optional(Type.String({ maxLength: 300 })),
  meta_title: Type.Optional(Type.String({ maxLength: 200 })),
  meta_description: Type.Optional(Type.String({ maxLength: 500 })),
  og_title: Type.Optional(Type.String({ maxLength: 200 })),
  og_description: Type.Optional(Type.String({ maxLength: 500 })),
  og_image_id: Type.Optional(Nullable(DbId())),
  og_type: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
});
export type PageTranslationInput = Static<typeof PageTranslationInputSchema>;
export const PageTranslationPatchSchema = Type.Partial(PageTranslationInputSchema);
export type PageTranslationPatch = Static<typeof PageTranslationPatchSchema>;

const pageFlags = {
  is_online: Type.Optional(Type.Boolean()),
  is_clickable: Type.Optional(Type.Boolean()),
  in_menu: Type.Optional(Type.Boolean()),
  in_footer: Type.Optional(Type.Boolean()),
  has_tab_navigation: Type.Optional(Type.Boolean()),
};

export const CreatePageInputSchema = Type.Object({
  parent_id: Type.Optional(Nullable(DbId())),
  position: Type.Optional(DbCount()),
  content_type: Type.Optional(Type.Union([Type.Literal('content'), Type.Literal('home')])),
  ...pageFlags,
  translations: Type.Object({
    de: Type.Optional(PageTranslationInputSchema),
    en: Type.Optional(PageTranslationInputSchema),
  }),
});
export type CreatePageInput = Static<typeof CreatePageInputSchema>;

export const UpdatePageInputSchema = Type.Object({ position: Type.Optional(DbCount()), ...pageFlags });
export type UpdatePageInput = Static<typeof UpdatePageInputSchema>;

export const CreateContainerInputSchema = Type.Object({
  content_type: Type.Optional(Type.String({ pattern: '^[a-z_]+$', description: 'a lowercase type name' })),
  object_id: DbId(),
  locale: Type.Union([Type.Literal('de'), Type.Literal('en')]),
  slug: Type.Optional(SlugSchema),
  layout: Type.Optional(Type.Integer({ minimum: 0, maximum: layouts.length - 1 })),
  position: Type.Optional(DbCount()),
});
export const UpdateContainerInputSchema = Type.Object({
  slug: Type.Optional(SlugSchema),
  layout: Type.Optional(Type.Integer({ minimum: 0, maximum: layouts.length - 1 })),
  position: Type.Optional(DbCount()),
});
export type UpdateContainerInput = Static<typeof UpdateContainerInputSchema>;

export const RedirectInputSchema = Type.Object({ old_path: SitePathSchema, new_path: SitePathSchema });
export type RedirectInput = Static<typeof RedirectInputSchema>;

/** A link target: a site path, an anchor, or an absolute http(s)/mailto/tel URL. */
export const LinkSchema = LinkRuleSchema({ anchor: true, empty: true });

/**
 * A link that may also be a page or event picked in the link picker, stored as its reference (`page:12`; ADR 034,
 * 038): navigation entries and the hero. The description keeps the link rule's words, so a refusal is `invalid_link`.
 */
export const PickableLinkSchema = Type.String({
  pattern: `^(?:${referencePattern}|${linkPattern({ anchor: true, empty: true }).slice(1, -1)})$`,
  maxLength: 1000,
  description: `${linkDescription({ anchor: true })}, or a page or event picked from the list`,
});

export const NavItemInputSchema = Type.Recursive((Self) =>
  Type.Object({
    title: Type.String({ minLength: 1, maxLength: 120 }),
    url: PickableLinkSchema,
    is_highlight: Type.Optional(Type.Boolean()),
    in_burger_menu: Type.Optional(Type.Boolean()),
    children: Type.Optional(Type.Array(Self)),
  }),
);
export type NavItemInput = Static<typeof NavItemInputSchema>;

export const FooterLinkInputSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 120 }),
  url: PickableLinkSchema,
  /** Defaults to true for absolute http(s) links. */
  external: Type.Optional(Type.Boolean()),
});
export type FooterLinkInput = Static<typeof FooterLinkInputSchema>;

export const NavigationInputSchema = Type.Object({
  menu: Type.Array(NavItemInputSchema),
  footer: Type.Array(FooterLinkInputSchema),
});
export type NavigationInput = Static<typeof NavigationInputSchema>;

export const HeroInputSchema = Type.Object({
  page_id: DbId(),
  locale: Type.Union([Type.Literal('de'), Type.Literal('en')]),
  headline: Type.String({ minLength: 1, maxLength: 200 }),
  text: Type.Optional(Type.String({ maxLength: 1000 })),
  link: Type.Optional(PickableLinkSchema),
  link_text: Type.Optional(Type.String({ maxLength: 100 })),
  image_id: Type.Optional(Nullable(DbId())),
  /** A video URL on an allowed video host, or empty. */
  video: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type HeroInput = Static<typeof HeroInputSchema>;

const SitePathOrEmpty = { pattern: `^(?:$|${SitePathSchema.pattern!.slice(1, -1)})$`, maxLength: 500 };

export const SettingsInputSchema = Type.Object({
  address: Type.String({ maxLength: 500 }),
  phone: Type.String({ maxLength: 50 }),
  phone_hours: Type.String({ maxLength: 300 }),
  /**
   * Empty, or an address under the one e-mail rule, which the repository checks (isEmailAddress): it checks this
   * body again with TypeBox, whose compiler reads a pattern without the `u` flag the rule's `\p{L}` needs.
   */
  info_email: Type.String({ description: emailDescription }),
  /** The legal pages, as site paths in the settings' own locale (`/de/impressum`), or empty. */
  imprint_url: Type.Optional(Type.String({ ...SitePathOrEmpty, description: 'a path on this site, e.g. /de/impressum' })),
  privacy_url: Type.Optional(Type.String({ ...SitePathOrEmpty, description: 'a path on this site, e.g. /de/datenschutz' })),
});
export type SettingsInput = Static<typeof SettingsInputSchema>;
