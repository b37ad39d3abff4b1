import type { Migration } from 'kysely';
import * as contentTables from './20261122190000-content-tables';
import * as staffUsers from './20261123010000-staff-users';
import * as programme from './20261123120000-programme';
import * as search from './20261123150000-search';
import * as searchTitles from './20261123151000-search-titles';
import * as mailOutbox from './20261123140000-mail-outbox';
import * as forms from './20261123160000-forms';
import * as newsletter from './20261123180000-newsletter';
import * as ticketExchange from './20261123170000-ticket-exchange';
import * as publishRuns from './20261124030000-publish-runs';
import * as staffSessions from './20261124010000-staff-sessions';
import * as containerVersions from './20261124020000-container-versions';
import * as consentLog from './20261125010000-consent-log';
import * as usedFormTokens from './20261128010000-used-form-tokens';
import * as legalLinks from './20261125020000-legal-links';
import * as changeLogAuthor from './20261126010000-change-log-author';
import * as publishRunDeploys from './20261127010000-publish-run-deploys';
import * as outboxMessageId from './20261128020000-outbox-message-id';
import * as versionSummaries from './20261129030000-version-summaries';
import * as publishRunSaves from './20261129040000-publish-run-saves';
import * as scheduledChanges from './20261130010000-scheduled-changes';
import * as outboxReplyTo from './20261201010000-outbox-reply-to';
import * as rateLimitWindows from './20261202010000-rate-limit-windows';
import * as publishCoordination from './20261203010000-publish-coordination';
import * as loginThrottleWindows from './20261203020000-login-throttle-windows';
import * as errorReports from './20261204010000-error-reports';
import * as recordVersions from './20261205010000-record-versions';
import * as staffLanguage from './20261205030000-staff-language';
import * as uploadBudget from './20261207010000-upload-budget';
import * as errorReportBounds from './20261208010000-error-report-bounds';
import * as publishRetries from './20261209010000-publish-retries';
import * as errorReportCodes from './20261210010000-error-report-codes';
import * as backupRuns from './20261211010000-backup-runs';
import * as publishRunStatusIndex from './20261211020000-publish-run-status-index';
import * as contentDrafts from './20261212010000-content-drafts';
import * as sectionChanges from './20261212020000-section-changes';
import * as previewLinks from './20261212030000-preview-links';
import * as linkChecks from './20261213010000-link-checks';
import * as mediaFocalPoint from './20261213020000-media-focal-point';

/**
 * Every migration by name, in order. A static list (no folder scanning) works the same under tsx, Jest and a
 * bundled build. Names start with their creation time, so they sort in the order they were written.
 */
export const migrations: Record<string, Migration> = {
  '20261122190000-content-tables': contentTables,
  '20261123010000-staff-users': staffUsers,
  '20261123120000-programme': programme,
  '20261123150000-search': search,
  '20261123151000-search-titles': searchTitles,
  '20261123140000-mail-outbox': mailOutbox,
  '20261123160000-forms': forms,
  '20261123180000-newsletter': newsletter,
  '20261123170000-ticket-exchange': ticketExchange,
  '20261124030000-publish-runs': publishRuns,
  '20261124010000-staff-sessions': staffSessions,
  '20261124020000-container-versions': containerVersions,
  '20261125010000-consent-log': consentLog,
  '20261125020000-legal-links': legalLinks,
  '20261126010000-change-log-author': changeLogAuthor,
  '20261127010000-publish-run-deploys': publishRunDeploys,
  '20261128010000-used-form-tokens': usedFormTokens,
  '20261128020000-outbox-message-id': outboxMessageId,
  '20261129030000-version-summaries': versionSummaries,
  '20261129040000-publish-run-saves': publishRunSaves,
  '20261130010000-scheduled-changes': scheduledChanges,
  '20261201010000-outbox-reply-to': outboxReplyTo,
  '20261202010000-rate-limit-windows': rateLimitWindows,
  '20261203010000-publish-coordination': publishCoordination,
  '20261203020000-login-throttle-windows': loginThrottleWindows,
  '20261204010000-error-reports': errorReports,
  '20261205010000-record-versions': recordVersions,
  '20261205030000-staff-language': staffLanguage,
  '20261207010000-upload-budget': uploadBudget,
  '20261208010000-error-report-bounds': errorReportBounds,
  '20261209010000-publish-retries': publishRetries,
  '20261210010000-error-report-codes': errorReportCodes,
  '20261211010000-backup-runs': backupRuns,
  '20261211020000-publish-run-status-index': publishRunStatusIndex,
  '20261212010000-content-drafts': contentDrafts,
  '20261212020000-section-changes': sectionChanges,
  '20261212030000-preview-links': previewLinks,
  '20261213010000-link-checks': linkChecks,
  '20261213020000-media-focal-point': mediaFocalPoint,
};
