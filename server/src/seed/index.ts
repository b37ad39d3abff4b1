export { seedDatabase, seedStaffUsers } from './seed-database';
export { demoStaff } from './demo-staff';
export { describeDemoEditorLogin } from './staff';
