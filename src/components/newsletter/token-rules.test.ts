import { tokenErrors } from '../../../contract/newsletter';
import { failureKey } from './token-rules';

const refused = (status: number, message: string, field?: string) => ({ ok: false as const, status, data: { message, field } });

test('each refusal of a link gets its own message', () => {
  expect(failureKey('confirm', refused(410, tokenErrors.confirmUsed, 'body.token'))).toBe('confirmUsed');
  expect(failureKey('confirm', refused(410, tokenErrors.confirmExpired, 'body.token'))).toBe('confirmExpired');
  expect(failureKey('confirm', refused(400, tokenErrors.confirmInvalid, 'body.token'))).toBe('confirmInvalid');
  expect(failureKey('confirm', refused(400, 'body.token must be the token from the link in the e-mail', 'body.token'))).toBe('confirmInvalid');
  expect(failureKey('unsubscribe', refused(400, tokenErrors.unsubscribeInvalid, 'body.token'))).toBe('unsubscribeInvalid');
  expect(failureKey('unsubscribe', refused(429, 'Too many requests'))).toBe('errorRateLimited');
  expect(failureKey('confirm', refused(403, 'CSRF check failed', 'headers.origin'))).toBe('errorSession');
  expect(failureKey('confirm', refused(0, 'fetch failed'))).toBe('errorNetwork');
  expect(failureKey('unsubscribe', refused(500, 'An internal server error has occurred.'))).toBe('errorGeneric');
});
