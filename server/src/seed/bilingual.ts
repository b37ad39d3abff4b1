/**
 * A small vocabulary for writing seed content once for both languages: `t(de, en)` marks a translated value,
 * `image(key)` a generated image. `localize` turns such a description into plain input for one language.
 */
import type { ModuleType } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import { mediaId, type ImageKey, type MediaIds } from './images';

export interface Bilingual<T = string> {
  de: T;
  en: T;
}

export const t = <T = string>(de: T, en: T): Bilingual<T> => ({ de, en });

export interface ImageRef {
  $image: ImageKey;
}

export const image = (key: ImageKey): ImageRef => ({ $image: key });

/** A module described in both languages; fields may hold t(…) values, image(…) refs and lists of them. */
export interface ModuleSpec {
  type: ModuleType;
  column?: number;
  anchor?: string;
  [field: string]: unknown;
}

export interface ContainerSpec {
  /** Readable anchor per language (slugs are unique across the site). */
  slug?: Bilingual;
  layout: number;
  modules: ModuleSpec[];
}

export interface PageSpec {
  /** How other specs refer to this page (parent, links). */
  key: string;
  parent?: string;
  content_type?: 'home';
  slug: Bilingual;
  title: Bilingual;
  headline: Bilingual;
  meta_description: Bilingual;
  og_image?: ImageKey;
  is_online?: boolean;
  in_menu?: boolean;
  in_footer?: boolean;
  has_tab_navigation?: boolean;
  hero?: {
    headline: Bilingual;
    text: Bilingual;
    link: Bilingual;
    link_text: Bilingual;
    image: ImageKey;
  };
  containers: ContainerSpec[];
}

const isBilingual = (value: unknown): value is Bilingual<unknown> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  'de' in value &&
  'en' in value;

const isImageRef = (value: unknown): value is ImageRef => !!value && typeof value === 'object' && '$image' in value;

/** The description in one language, with image refs replaced by media ids. */
export function localize<T>(value: T, locale: Locale, media: MediaIds): unknown {
  if (isBilingual(value)) return localize(value[locale], locale, media);
  if (isImageRef(value)) return mediaId(media, value.$image);
  if (Array.isArray(value)) return value.map((item) => localize(item, locale, media));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item, locale, media)]));
  }
  return value;
}
