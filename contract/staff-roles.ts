/** Who may log in to edit the site: an editor manages the content, an admin also the accounts and the settings. */
export const staffRoles = ['editor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const isStaffRole = (value: unknown): value is StaffRole => (staffRoles as readonly unknown[]).includes(value);
