/** The media section's screens for the hub's router (../screens.ts). */
import { MediaChangePage } from './media-change-page';
import { MediaListPage } from './media-list-page';
import { MediaNewPage } from './media-new-page';

export const mediaScreens = { list: MediaListPage, create: MediaNewPage, record: MediaChangePage };
