/**
 * The repositories: plain functions taking the database or a transaction. Every write validates its input
 * (throwing ContentValidationError / ContentConflictError / ContentNotFoundError with the field); content writes
 * append to the change log in the same transaction (staff users are not content and are not logged).
 */
export { compactChangeLog, currentCursor, readFeedState, changesSince, formatCursor } from './change-log';
export type { FeedState } from './change-log';
export type { Change, ChangeEntity } from '../tables/change-log.table';
export { createArticle, deleteArticle, updateArticle } from './articles';
export { createArticleCategory, deleteArticleCategory, updateArticleCategory } from './article-categories';
export { consentHistory, recordConsent } from './consent-log';
export type { ConsentEntry, ConsentInput } from './consent-log';
export { createContainer, deleteContainer, updateContainer } from './containers';
export { containerOwners } from './container-owners';
export type { ContainerOwner } from './container-owners';
export { createEvent, deleteEvent, setEventOnline, updateEvent } from './events';
export type { CreateContainerInput } from './containers';
export { deleteHero, listHeroes, upsertHero } from './heroes';
export { createMedia, getMedia, getMediaMap } from './media';
export type { MediaInput } from './media';
export { createModule, deleteModule, updateModule } from './modules';
export { readNavigation, replaceNavigation, upsertNavItem } from './navigation';
export type { NavItemUpsert } from './navigation';
export { descendantIds, findHomePage, findTranslationByPath, getPage, loadPageTree } from './page-reads';
export type { PageTree } from './page-reads';
export { getPageVersion, listPageVersions, loadPageBundle } from './page-versions';
export type { PageBundle } from '../tables/page.table';
export { createPage, deletePage, setPageOnline, updatePage, updatePageTranslation } from './pages';
export { createRedirect, deleteRedirect, findRedirect, listRedirects } from './redirects';
export {
  addSubscriptionEvent,
  createSubscription,
  deleteSubscription,
  removeSubscriptionEvent,
  setSubscriptionEvents,
  updateSubscription,
} from './subscriptions';
export { createVenue, deleteVenue, updateVenue } from './venues';
export { readSettings, upsertSettings } from './settings';
export {
  checkStaffUserInput,
  createStaffUser,
  findStaffUserByLogin,
  listStaffUsers,
} from './staff-users';
export type { CreateStaffUserInput, StaffUser } from './staff-users';
export { inTransaction } from './shared';
export type { ModuleInput } from '../rules/module-rules';
export type {
  CreatePageInput,
  HeroInput,
  NavigationInput,
  PageTranslationInput,
  PageTranslationPatch,
  RedirectInput,
  SettingsInput,
  UpdateContainerInput,
  UpdatePageInput,
} from '../../../../contract/schemas/content-input';
export type {
  ArticleCategoryInput,
  ArticleCategoryPatch,
  ArticleInput,
  ArticlePatch,
  EventInput,
  EventPatch,
  SubscriptionInput,
  SubscriptionPatch,
  VenueInput,
  VenuePatch,
} from '../../../../contract/schemas/programme-input';
export {
  ContentConflictError,
  ContentError,
  ContentInUseError,
  ContentNotFoundError,
  ContentValidationError,
} from '../errors';
