import { scheduleBody, scheduleValuesOf } from './schedule-values';

describe('schedule fields', () => {
  it('shows stored instants in Berlin time and sends them back; an emptied field clears the plan', () => {
    const values = scheduleValuesOf({ online_from: '2026-11-28T18:30:05.000Z', online_until: null });
    expect(values).toEqual({ online_from: '2026-11-28T19:30:05+01:00', online_until: '' });
    expect(scheduleBody(values)).toEqual({ online_from: '2026-11-28T19:30:05+01:00', online_until: null });
    expect(scheduleBody({ online_from: ' ' })).toEqual({ online_from: null, online_until: null });
  });
});
