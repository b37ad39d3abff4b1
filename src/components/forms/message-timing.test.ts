import { shownCheck } from './message-timing';

describe('shownCheck', () => {
  it('keeps the browser check quiet until a send was tried, however the field was left', () => {
    expect(shownCheck({ error: 'invalid' })).toBeUndefined();
    expect(shownCheck({ error: 'invalid', submitFailed: false })).toBeUndefined();
  });

  it('shows it from the first send on, following the value', () => {
    expect(shownCheck({ error: 'invalid', submitFailed: true })).toBe('invalid');
    expect(shownCheck({ error: undefined, submitFailed: true })).toBeUndefined();
  });

  it('shows the server’s answer until the field is changed', () => {
    expect(shownCheck({ submitError: 'taken' })).toBe('taken');
    expect(shownCheck({ submitError: 'taken', dirtySinceLastSubmit: true })).toBeUndefined();
  });

  it('prefers the browser check once a send failed on it', () => {
    expect(shownCheck({ error: 'invalid', submitError: 'taken', submitFailed: true })).toBe('invalid');
  });
});
