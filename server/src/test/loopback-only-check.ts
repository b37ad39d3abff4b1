/**
 * The link checker's check for tests (ADR 086): the real one (services/link-checks/check-url.ts) for the tests' own
 * servers on 127.0.0.1, and for any other host the answer of a name that does not resolve, without a connection, so
 * no test run reaches an outside site (the seeded pages link to some).
 */
import { checkUrl, type CheckOptions, type CheckOutcome } from '../services/link-checks/check-url';

export function loopbackOnlyCheck(url: string, options: CheckOptions): Promise<CheckOutcome> {
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    // Not even an address: the real check says so.
  }
  return host === '127.0.0.1' || host === '' ? checkUrl(url, options) : Promise.resolve({ status: null, error: 'dns' });
}
