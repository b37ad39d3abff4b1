export { isDatabaseEmpty, seedDatabase } from './seed-database';
export type { SeedOptions, SeedResult } from './seed-database';
