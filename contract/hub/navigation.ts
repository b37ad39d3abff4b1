/**
 * A locale's navigation as the hub reads and writes it (`…/hub/navigation/{navLocale}/`, ADR 020): the main menu
 * (one level of children, as the site's header draws them) and the footer links. The write is checked strictly
 * against it (unknown fields, empty titles and a second level of children refused by name); the read answers it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PickableLinkSchema } from '../schemas/content-input';

const Title = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', description: 'a title that is not only spaces' });
const itemFields = {
  title: Title,
  url: PickableLinkSchema,
  is_highlight: Type.Boolean(),
  in_burger_menu: Type.Boolean(),
};
const ChildSchema = Type.Object(itemFields, { additionalProperties: false });
const MenuItemSchema = Type.Object({ ...itemFields, children: Type.Array(ChildSchema, { maxItems: 50 }) }, { additionalProperties: false });
const FooterLinkSchema = Type.Object({ title: Title, url: PickableLinkSchema }, { additionalProperties: false });

export const HubNavigationSchema = Type.Object(
  { menu: Type.Array(MenuItemSchema, { maxItems: 100 }), footer: Type.Array(FooterLinkSchema, { maxItems: 50 }) },
  { additionalProperties: false },
);
export type HubNavigation = Static<typeof HubNavigationSchema>;
