/**
 * The hub's change page of a record (spec §6; the hub itself is issue 7): the editor links to it, and the hub's
 * routes must answer it.
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
