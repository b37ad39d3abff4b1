/** PROVISIONAL (drafts-ui branch): the contract's types as /work/tasks/contract-drafts.md gives them, until main has the file. */
import type { Container } from './content';
import type { Locale } from '../locales';
import type { PageTexts } from './page-texts';
import type { VersionChange } from './version-summary';

export type OwnerType = 'page' | 'event' | 'subscription' | 'article';
export type DraftInfo = { id: number; created_by: string | null; created_at: string; updated_by: string | null; updated_at: string; publish_at: string | null };
export type DraftState = { content_type: OwnerType; object_id: number; locale: Locale; draft: DraftInfo | null; sections: Container[] };
export type DraftChanges = { locale: Locale; draft: PageTexts; live: PageTexts; summary: VersionChange[] };
export type DraftListRow = DraftInfo & { content_type: OwnerType; object_id: number; locale: Locale; title: string; path: string | null };
