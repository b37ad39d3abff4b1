import type { SectionScreens } from '../section-screens';
import { FormChangePage } from './form-change-page';
import { FormNewPage } from './form-new-page';
import { FormsListPage } from './forms-list-page';

/** The forms section's screens (`/cms-hub/forms`, `/new`, `/{id}`), registered in ../screens.ts. */
export const formsScreens: SectionScreens = { list: FormsListPage, create: FormNewPage, record: FormChangePage };
