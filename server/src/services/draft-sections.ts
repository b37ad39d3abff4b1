/**
 * An owner's sections as drafts make them seen (ADR 085): the editor's list (the draft's when there is one, else the
 * live ones) and what a preview link shows (the same, with the owner's title).
 */
import type { Db } from '../db/database';
import { draftInfo, ownerExists, ownerTitle, requireOwner, shownSections, type DraftOwnerKey } from '../db/repositories/drafts';
import type { Container } from '../../../contract/schemas/content';
import type { DraftState } from '../../../contract/schemas/drafts';
import { assembleContainers } from './content-reader';

/** The owner's sections in one language as the editor lists them; 404 naming `id` for an owner without that language. */
export async function draftState(db: Db, owner: DraftOwnerKey): Promise<DraftState> {
  await requireOwner(db, owner);
  const { draft, rows } = await shownSections(db, owner);
  return { ...owner, draft: draft ? await draftInfo(db, draft) : null, sections: await assembleContainers(db, rows) };
}

/** What a preview of the owner shows: its title and its sections, the draft's when there is one; undefined when it is gone. */
export async function readPreviewSections(db: Db, owner: DraftOwnerKey): Promise<{ title: string; sections: Container[] } | undefined> {
  if (!(await ownerExists(db, owner))) return undefined;
  const { rows } = await shownSections(db, owner);
  return { title: (await ownerTitle(db, owner)) ?? '', sections: await assembleContainers(db, rows) };
}
