export { isDatabaseEmpty, seedDatabase, seedStaffUsers } from './seed-database';
export { demoStaff } from './demo-staff';
export { describeDemoEditorLogin } from './staff';
export type { SeedOptions, SeedResult } from './seed-database';
export { isProgrammeEmpty } from './seed-programme';
export type { ProgrammeSeedResult } from './seed-programme';
