/** Shapes of the session calls under `/{locale}/pageeditor-api/` (ADR 013). */
import { Type, type Static } from '@sinclair/typebox';
import { NavigationSchema } from './content';
import { staffRoles } from '../staff-roles';
import { locales } from '../locales';

/** The language staff read the editor and the hub in: German by default, English by choice (ADR 061). */
export const StaffLanguageSchema = Type.Union(locales.map((locale) => Type.Literal(locale)));

export const LoginBodySchema = Type.Object(
  {
    login: Type.String({ minLength: 1, maxLength: 254, description: 'e-mail address or username' }),
    // Bounded so nobody makes the server hash megabytes.
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const AdminMenuSchema = Type.Object({ key: Type.String(), title: Type.String(), url: Type.String() });
export type AdminMenu = Static<typeof AdminMenuSchema>;

export const StaffUserAnswerSchema = Type.Object({
  logged: Type.Literal(true),
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  role: Type.Union(staffRoles.map((role) => Type.Literal(role))),
  staff_language: StaffLanguageSchema,
  admin_menus: Type.Array(AdminMenuSchema),
  navigation: NavigationSchema,
});
export type StaffUserAnswer = Static<typeof StaffUserAnswerSchema>;

/** `POST user/language/`: the logged-in person's own staff language (ADR 061). */
export const StaffLanguageBodySchema = Type.Object({ staff_language: StaffLanguageSchema }, { additionalProperties: false });
export type StaffLanguageBody = Static<typeof StaffLanguageBodySchema>;
