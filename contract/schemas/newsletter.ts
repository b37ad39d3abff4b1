/** Request and response shapes of the newsletter calls (`/{locale}/api/newsletter/…`). */
import { Type } from '@sinclair/typebox';
import { publicWriteFields } from './public-write-fields';
import { tokenPattern } from '../newsletter';
import { emailSchema } from './requests';

export const SubscribeBodySchema = Type.Object(
  {
    email: emailSchema(),
    /** Must be true: the visitor ticked the consent text (shared/newsletter.ts). */
    consent: Type.Boolean(),
    ...publicWriteFields,
  },
  { additionalProperties: false },
);

export const TokenBodySchema = Type.Object(
  { token: Type.String({ pattern: tokenPattern, description: 'the token from the link in the e-mail' }), ...publicWriteFields },
  { additionalProperties: false },
);

/** The same answer whether the address is new, pending, subscribed already or a bot's: nothing is revealed. */
export const SubscribeResponseSchema = Type.Object({ status: Type.Literal('received') });
export const ConfirmResponseSchema = Type.Object({ status: Type.Literal('confirmed') });
export const UnsubscribeResponseSchema = Type.Object({ status: Type.Literal('unsubscribed') });
