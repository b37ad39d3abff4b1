export { isDatabaseEmpty, seedDatabase, seedStaffUsers } from './seed-database';
export { demoStaff, describeDemoEditorLogin } from './staff';
export type { SeedOptions, SeedResult } from './seed-database';
export { isProgrammeEmpty } from './seed-programme';
export type { ProgrammeSeedResult } from './seed-programme';
