import type { Kysely } from 'kysely';
import type { ArticleCategoryTable, ArticleTable } from './tables/article.table';
import type { ChangeLogTable, MetaTable } from './tables/change-log.table';
import type { ConsentLogTable } from './tables/consent-log.table';
import type { RateLimitWindowTable } from './tables/rate-limit-window.table';
import type { UsedFormTokenTable } from './tables/used-form-token.table';
import type { ContainerTable, ModuleTable } from './tables/container.table';
import type { EventTable, VenueTable } from './tables/event.table';
import type { FormEntryTable, FormFieldTable, FormTable, TempFileTable } from './tables/form.table';
import type { HeroTable } from './tables/hero.table';
import type { MailOutboxTable } from './tables/mail-outbox.table';
import type { MediaTable } from './tables/media.table';
import type { NavItemTable } from './tables/navigation.table';
import type { NewsletterSubscriberTable } from './tables/newsletter.table';
import type { PageTable, PageTranslationTable, PageVersionTable } from './tables/page.table';
import type { PublishRunTable } from './tables/publish-run.table';
import type { LeaseTable, PublishRequestTable } from './tables/publish-request.table';
import type { ScheduledChangeTable } from './tables/scheduled-change.table';
import type { RedirectTable } from './tables/redirect.table';
import type { SearchDocumentTable } from './tables/search-document.table';
import type { SiteSettingsTable } from './tables/site-settings.table';
import type { StaffSessionTable } from './tables/staff-session.table';
import type { StaffUserTable } from './tables/staff-user.table';
import type { SubscriptionEventTable, SubscriptionTable } from './tables/subscription.table';
import type { TicketAdTable } from './tables/ticket-ad.table';

/** Every table of the database, as Kysely sees it. */
export interface Database {
  page: PageTable;
  page_translation: PageTranslationTable;
  page_version: PageVersionTable;
  container: ContainerTable;
  module: ModuleTable;
  media: MediaTable;
  nav_item: NavItemTable;
  redirect: RedirectTable;
  hero: HeroTable;
  site_settings: SiteSettingsTable;
  change_log: ChangeLogTable;
  meta: MetaTable;
  staff_user: StaffUserTable;
  staff_session: StaffSessionTable;
  venue: VenueTable;
  event: EventTable;
  subscription: SubscriptionTable;
  subscription_event: SubscriptionEventTable;
  article_category: ArticleCategoryTable;
  article: ArticleTable;
  search_document: SearchDocumentTable;
  form: FormTable;
  form_field: FormFieldTable;
  form_entry: FormEntryTable;
  temp_file: TempFileTable;
  mail_outbox: MailOutboxTable;
  newsletter_subscriber: NewsletterSubscriberTable;
  ticket_ad: TicketAdTable;
  publish_run: PublishRunTable;
  publish_request: PublishRequestTable;
  lease: LeaseTable;
  consent_log: ConsentLogTable;
  used_form_token: UsedFormTokenTable;
  rate_limit_window: RateLimitWindowTable;
  login_throttle_window: RateLimitWindowTable;
  scheduled_change: ScheduledChangeTable;
}

/** The database handle or an open transaction; repositories accept either. */
export type Db = Kysely<Database>;
