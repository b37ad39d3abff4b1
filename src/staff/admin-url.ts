/**
 * The hub's change page of a record (docs/product.md, Roles; the hub itself is ADR 016): the editor links to it, and
 * the hub's routes must answer it.
 */
import type { EditTarget } from '../components/editor-gate/editor-slots';

const hubSections: Record<EditTarget['type'], string> = {
  page: 'pages',
  event: 'events',
  subscription: 'subscriptions',
  form: 'forms',
  article: 'articles',
  category: 'categories',
};

export const adminUrl = (target: EditTarget) => `/cms-hub/${hubSections[target.type]}/${target.id}`;
