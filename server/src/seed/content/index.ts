import type { PageSpec } from '../bilingual';
import { about } from './about';
import { draft } from './draft';
import { home } from './home';
import { legal } from './legal';
import { membership } from './membership';
import { moduleDemo } from './module-demo';
import { visit } from './visit';

/** Every seeded page, parents before their children, in menu order. */
export const pageSpecs: PageSpec[] = [home, ...about, ...membership, ...visit, ...legal, moduleDemo, draft];
