/** Which failed staff calls are reported (ADR 057): the ones no person can act on. */
import type { PostResult } from '../api-read';
import { isReportedFailure } from './report';

const refused = (status: number, code?: string): PostResult<unknown> => ({ ok: false, status, data: { message: 'refused', ...(code ? { code } : {}) } });

describe('isReportedFailure', () => {
  it('reports a write that got no answer, a 5xx, or a request our client built wrong', () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'post']) {
      expect(isReportedFailure(method, refused(0))).toBe(true);
      expect(isReportedFailure(method, refused(500))).toBe(true);
      expect(isReportedFailure(method, refused(503))).toBe(true);
      expect(isReportedFailure(method, refused(400, 'malformed_request'))).toBe(true);
      expect(isReportedFailure(method, refused(400, 'unknown_field'))).toBe(true);
      expect(isReportedFailure(method, refused(404, 'route_not_found'))).toBe(true);
    }
  });

  it('leaves the refusals a person acts on, successes and reads alone', () => {
    expect(isReportedFailure('POST', refused(400, 'required'))).toBe(false);
    expect(isReportedFailure('POST', refused(400))).toBe(false);
    expect(isReportedFailure('POST', refused(404, 'not_found'))).toBe(false);
    for (const status of [401, 403, 409, 413, 429]) expect(isReportedFailure('POST', refused(status))).toBe(false);
    expect(isReportedFailure('POST', { ok: true, status: 200, data: {} })).toBe(false);
    expect(isReportedFailure('GET', refused(500))).toBe(false);
    expect(isReportedFailure('GET', refused(0))).toBe(false);
  });
});
