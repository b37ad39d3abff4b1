/**
 * The hub's sections and the screens each draws (ADR 016), by `admin_menus` key. The router (./routes.ts) reads
 * `/cms-hub/{key}`, `/cms-hub/{key}/new`, `/cms-hub/{key}/{id}` and `/cms-hub/{key}/{id}/{view}`; this table says
 * which component answers each. A section lists what it offers; an address it does not offer is "not found".
 * Events, the ticket exchange, form entries and the newsletter came first and keep their own routes in ./index.tsx.
 */
import type { SectionScreens } from './section-screens';
import { PageChangePage } from './pages/page-change-page';
import { PageNewPage } from './pages/page-new-page';
import { PageVersionsPage } from './pages/page-versions-page';
import { PagesTreePage } from './pages/pages-tree-page';
import { formsScreens } from './forms/forms-screens';
import { mediaScreens } from './media/media-screens';
import { articleScreens } from './content/articles';
import { categoryScreens } from './content/categories';
import { subscriptionScreens } from './content/subscriptions';
import { venueScreens } from './content/venues';
import { ScheduledPage } from './schedule/scheduled-page';
import { DraftsPage } from './drafts/drafts-page';
import { PreviewLinksPage } from './preview-links/preview-links-page';
import { ChecksPage } from './checks/checks-page';
import { NavigationPage } from './admin/navigation/navigation-page';
import { RedirectNewPage } from './admin/redirects/redirect-new-page';
import { RedirectsListPage } from './admin/redirects/redirects-list-page';
import { SettingsPage } from './admin/settings/settings-page';
import { UserChangePage } from './admin/users/user-change-page';
import { UserNewPage } from './admin/users/user-new-page';
import { UsersListPage } from './admin/users/users-list-page';

export const sectionScreens: Record<string, SectionScreens> = {
  pages: { list: PagesTreePage, create: PageNewPage, record: PageChangePage, views: { versions: PageVersionsPage } },
  forms: formsScreens,
  media: mediaScreens,
  categories: categoryScreens,
  venues: venueScreens,
  subscriptions: subscriptionScreens,
  articles: articleScreens,
  scheduled: { list: ScheduledPage },
  drafts: { list: DraftsPage },
  'preview-links': { list: PreviewLinksPage },
  checks: { list: ChecksPage },
  users: { list: UsersListPage, create: UserNewPage, record: UserChangePage },
  settings: { list: SettingsPage },
  redirects: { list: RedirectsListPage, create: RedirectNewPage },
  navigation: { list: NavigationPage },
};
