/**
 * Response shapes of the content API (docs/content-api.md). The server validates and serialises with these;
 * the site and the source plugin import only their static types.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { refusalCodes } from '../refusal-codes';
import { locales } from '../locales';
import { headlineLevels, teaserTextMax } from '../module-rules';

export const LocaleSchema = Type.Union(
  locales.map((locale) => Type.Literal(locale)),
  { description: 'Language prefix' },
);

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MediaSchema = Type.Object(
  {
    id: Type.Integer(),
    width: Type.Integer(),
    height: Type.Integer(),
    alt: Type.String(),
    copyright: Type.String(),
    color: Type.String(),
    src: Type.String(),
    /** The focal point in thousandths, `500-500` for the centre: part of the addresses of its crops (ADR 087). */
    focal: Type.String(),
  },
  { $id: 'Media' },
);
export type Media = Static<typeof MediaSchema>;

export const layouts = ['100', '67-33', '33-67', '50-50', '33-33-33', '25-50-25'] as const;
export type LayoutName = (typeof layouts)[number];

/** Column classes per layout index, on the 12-column grid. */
export const layoutColumns: readonly (readonly string[])[] = [
  ['col-12'],
  ['col-12 col-lg-8', 'col-12 col-lg-4'],
  ['col-12 col-lg-4', 'col-12 col-lg-8'],
  ['col-12 col-lg-6', 'col-12 col-lg-6'],
  ['col-12 col-lg-4', 'col-12 col-lg-4', 'col-12 col-lg-4'],
  ['col-12 col-lg-3', 'col-12 col-lg-6', 'col-12 col-lg-3'],
];

export const moduleTypes = [
  'headline',
  'text',
  'link',
  'image',
  'faq',
  'video',
  'audio',
  'viewer',
  'quote',
  'full_teaser',
  'teaser_list',
  'image_list',
  'video_list',
  'social_media',
  'logo_list',
  'next_concerts',
] as const;
export type ModuleType = (typeof moduleTypes)[number];

const base = {
  id: Type.Integer(),
  column: Type.Integer({ minimum: 0 }),
  position: Type.Integer({ minimum: 0 }),
  anchor: Type.String(),
};

export const HeadlineModule = Type.Object({
  ...base,
  type: Type.Literal('headline'),
  headline_level: Type.Integer({ minimum: headlineLevels[0], maximum: headlineLevels[headlineLevels.length - 1] }),
  preline: Type.String(),
  content: Type.String({ minLength: 1 }),
  subline: Type.String(),
});
export const TextModule = Type.Object({
  ...base,
  type: Type.Literal('text'),
  content: Type.String({ minLength: 1 }),
  add_additional_space: Type.Boolean(),
  show_more: Type.Boolean(),
});
export const LinkModule = Type.Object({
  ...base,
  type: Type.Literal('link'),
  content: Type.String({ minLength: 1 }),
  link: Type.String({ minLength: 1 }),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
  link_url: Type.String(),
  open_new_window: Type.Boolean(),
  extra_class: Type.Union([Type.Literal('default'), Type.Literal('button')]),
});
export const ImageModule = Type.Object({
  ...base,
  type: Type.Literal('image'),
  image: MediaSchema,
  image_url: Type.String({ minLength: 1 }),
  alias: Type.Union([Type.Literal('vertical'), Type.Literal('horizontal')]),
  description: Type.String(),
  link: Type.String(),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
});
export const FaqItem = Type.Object({ content: Type.String({ minLength: 1 }), answer: Type.String() });
export const FaqModule = Type.Object({ ...base, type: Type.Literal('faq'), items: Type.Array(FaqItem) });
export const VideoModule = Type.Object({
  ...base,
  type: Type.Literal('video'),
  video_url: Type.String({ minLength: 1 }),
  image_url: Type.String({ minLength: 1 }),
  image: Nullable(MediaSchema),
  title: Type.String(),
  length: Type.String(),
});
export const AudioModule = Type.Object({
  ...base,
  type: Type.Literal('audio'),
  embed: Type.String({ minLength: 1 }),
  title: Type.String(),
});
export const ViewerModule = Type.Object({
  ...base,
  type: Type.Literal('viewer'),
  embed: Type.String({ minLength: 1 }),
  media_type: Type.String(),
  title: Type.String(),
});
/** The next concerts of the programme (ADR 042): prebuilt on the home page, refreshed from the events call. */
export const NextConcertsModule = Type.Object({
  ...base,
  type: Type.Literal('next_concerts'),
  headline: Type.String(),
  /** How many concerts to show. */
  count: Type.Integer({ minimum: 1, maximum: 12 }),
});
export const QuoteModule = Type.Object({
  ...base,
  type: Type.Literal('quote'),
  content: Type.String({ minLength: 1 }),
  author: Type.String(),
  preline: Type.String(),
});
export const FullTeaserModule = Type.Object({
  ...base,
  type: Type.Literal('full_teaser'),
  image: Nullable(MediaSchema),
  preline: Type.String(),
  headline: Type.String({ minLength: 1 }),
  text: Type.String({ maxLength: teaserTextMax }),
  link_text: Type.String(),
  link: Type.String(),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
  extra_class: Type.Union([Type.Literal('default'), Type.Literal('image-right'), Type.Literal('image-left')]),
});
export const TeaserItem = Type.Object({
  image: Nullable(MediaSchema),
  preline: Type.String(),
  headline: Type.String({ minLength: 1 }),
  subline: Type.String(),
  text: Type.String(),
  link_text: Type.String(),
  link: Type.String(),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
});
export const TeaserListModule = Type.Object({
  ...base,
  type: Type.Literal('teaser_list'),
  extra_class: Type.Union([Type.Literal('standard'), Type.Literal('default_slider'), Type.Literal('grid')]),
  children: Type.Array(TeaserItem),
});
export const ImageListItem = Type.Object({
  image: MediaSchema,
  description: Type.String(),
  link: Type.String(),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
  title: Type.String(),
});
export const ImageListModule = Type.Object({
  ...base,
  type: Type.Literal('image_list'),
  extra_class: Type.Union([Type.Literal('grid'), Type.Literal('slider')]),
  children: Type.Array(ImageListItem),
});
export const VideoListItem = Type.Object({
  video_url: Type.String({ minLength: 1 }),
  title: Type.String(),
  content: Type.String(),
  image_url: Type.String({ minLength: 1 }),
  image: Nullable(MediaSchema),
});
export const VideoListModule = Type.Object({
  ...base,
  type: Type.Literal('video_list'),
  children: Type.Array(VideoListItem),
});
export const SocialMediaModule = Type.Object({
  ...base,
  type: Type.Literal('social_media'),
  embed: Type.String({ minLength: 1 }),
  media_type: Type.String(),
});
export const LogoItem = Type.Object({
  image: MediaSchema,
  image_alt: Type.String(),
  image_copyright: Type.String(),
  link: Type.String(),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
  text: Type.String(),
});
export const LogoListModule = Type.Object({
  ...base,
  type: Type.Literal('logo_list'),
  children: Type.Array(LogoItem),
});

/**
 * Every field of a module where a person types a link address; `children` marks a field of each list item.
 * db/rules/module-rules.ts holds them to the one link rule on write (ADR 026), the site checks them again on
 * render. The rule is deliberately not a pattern in these response schemas: fast-json-stringify picks a union
 * branch by validating, so a row stored before the rule would turn every answer holding it into a 500.
 */
export const moduleLinkFields = [
  { type: 'link', field: 'link' },
  { type: 'link', field: 'link_url' },
  { type: 'image', field: 'link' },
  { type: 'full_teaser', field: 'link' },
  { type: 'teaser_list', field: 'link', children: true },
  { type: 'image_list', field: 'link', children: true },
  { type: 'logo_list', field: 'link', children: true },
] as const satisfies readonly { type: ModuleType; field: string; children?: boolean }[];

export const ModuleSchema = Type.Union(
  [
    HeadlineModule,
    TextModule,
    LinkModule,
    ImageModule,
    FaqModule,
    VideoModule,
    AudioModule,
    ViewerModule,
    QuoteModule,
    FullTeaserModule,
    TeaserListModule,
    ImageListModule,
    VideoListModule,
    SocialMediaModule,
    LogoListModule,
    NextConcertsModule,
  ],
  { $id: 'Module' },
);
export type Module = Static<typeof ModuleSchema>;
export type ModuleOf<T extends ModuleType> = Extract<Module, { type: T }>;

export const ContainerSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    parent: Type.String(),
    content_type: Type.String(),
    object_id: Type.Integer(),
    locale: LocaleSchema,
    layout: Type.Integer({ minimum: 0, maximum: layouts.length - 1 }),
    /** Raised by every write to the container or its modules; an editor's save names the one it was based on. */
    version: Type.Integer({ minimum: 0 }),
    model: Type.Literal('container'),
    columns: Type.Array(Type.Object({ classes: Type.String(), children: Type.Array(ModuleSchema) })),
  },
  { $id: 'Container' },
);
export type Container = Static<typeof ContainerSchema>;

export const HeroSchema = Type.Object({
  headline: Type.String(),
  text: Type.String(),
  link: Type.String(),
  /** The stored reference (`page:12`, `event:34`) when the link was picked (ADR 034); `link` is then its address. */
  link_ref: Type.Optional(Type.String()),
  link_text: Type.String(),
  image: Nullable(MediaSchema),
  video: Type.String(),
});
export type Hero = Static<typeof HeroSchema>;

export const BreadcrumbSchema = Type.Object({ text: Type.String(), link: Type.String() });
export type Breadcrumb = Static<typeof BreadcrumbSchema>;

const pageFields = {
  id: Type.Integer(),
  locale: LocaleSchema,
  path: Type.String(),
  urls: Type.Object({ de: Type.Optional(Type.String()), en: Type.Optional(Type.String()) }),
  content_type: Type.Union([Type.Literal('content'), Type.Literal('home')]),
  parent_id: Nullable(Type.Integer()),
  title: Type.String(),
  headline: Type.String(),
  is_online: Type.Boolean(),
  is_clickable: Type.Boolean(),
  in_menu: Type.Boolean(),
  in_footer: Type.Boolean(),
  meta_title: Type.String(),
  meta_description: Type.String(),
  og_title: Type.String(),
  og_description: Type.String(),
  og_image: Nullable(MediaSchema),
  og_type: Type.String(),
  has_tab_navigation: Type.Boolean(),
  siblings: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), url: Type.String() })),
  breadcrumbs: Type.Array(BreadcrumbSchema),
  hero: Nullable(HeroSchema),
  updated_at: Type.String(),
};

export const PageSchema = Type.Object({ ...pageFields, modules: Type.Array(ContainerSchema) }, { $id: 'Page' });
export type Page = Static<typeof PageSchema>;

/** A page as the changes feed sends it: containers by id instead of inline. */
export const SyncPageSchema = Type.Object({ ...pageFields, container_ids: Type.Array(Type.Integer()) });
export type SyncPage = Static<typeof SyncPageSchema>;

export const NavItemSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      title: Type.String(),
      menu_name: Type.String(),
      url: Type.String(),
      is_highlight: Type.Boolean(),
      in_burger_menu: Type.Boolean(),
      children: Type.Array(Self),
    }),
  { $id: 'NavItem' },
);
export type NavItem = Static<typeof NavItemSchema>;
export const FooterLinkSchema = Type.Object({ title: Type.String(), url: Type.String(), external: Type.Boolean() });
export type FooterLink = Static<typeof FooterLinkSchema>;
export const NavigationSchema = Type.Object({ menu: Type.Array(NavItemSchema), footer: Type.Array(FooterLinkSchema) });
export type Navigation = Static<typeof NavigationSchema>;

export const RedirectSchema = Type.Object({ old_path: Type.String(), new_path: Type.String() });
export type Redirect = Static<typeof RedirectSchema>;

export const SettingsSchema = Type.Object({
  address: Type.String(),
  phone: Type.String(),
  phone_hours: Type.String(),
  info_email: Type.String(),
  /** Paths of the legal pages ('' until set): the cookie banner links to them and is not shown on them. */
  imprint_url: Type.String(),
  privacy_url: Type.String(),
});
export type Settings = Static<typeof SettingsSchema>;

export const ErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  /** English, for API users; the staff screens show `code` in their language instead. */
  message: Type.String(),
  /** Why (shared/refusal-codes.ts): on every 4xx, never on a 500. */
  code: Type.Optional(Type.Union(refusalCodes.map((code) => Type.Literal(code)))),
  /** What the code's sentence needs: a count, a limit, seconds to wait. */
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  field: Type.Optional(Type.String()),
  /** Every offending field with its message, when one input has several (a visitor's form entry). */
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
