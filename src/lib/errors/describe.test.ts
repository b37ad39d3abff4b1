/** The reporter's reading of errors (ADR 057): message, place, stack, and what is left out. */
import { hasControlCharacter } from '../../../contract/control-characters';
import { ERROR_REPORT_BODY_LIMIT, errorReportLimits } from '../../../contract/error-report-limits';
import { callOf, describeError, errorMessage, fileOf, fitFields, MAX_FRAMES, parseStack, scrubLocation } from './describe';

const origin = 'https://konzertfreunde.example';
const chunk = `${origin}/component---src-templates-event-page-tsx-24b7e550a9705a909c69.js`;

/** An error with the stack a browser would give it. */
function errorWith(stack: string, message = 'boom', name = 'TypeError'): Error {
  const error = new Error(message);
  error.name = name;
  error.stack = stack;
  return error;
}

const chromeStack = [
  'TypeError: boom',
  `    at onClick (${chunk}:1:2345)`,
  `    at HTMLButtonElement.a (${origin}/framework-0123456789abcdef0123.js?v=2:2:100)`,
  `    at async loadPage (${origin}/app-c524288db065d7123e04.js#top:3:4)`,
  '    at Array.forEach (<anonymous>)',
  `    at ${origin}/de/programm/?email=jane@example.org:5:6`,
].join('\n');

describe('errorMessage', () => {
  it('is "Name: message" in one line', () => {
    expect(errorMessage(errorWith('', 'first line\n  second\tline', 'RangeError'))).toBe('RangeError: first line second line');
    expect(errorMessage(new Error(''))).toBe('Error');
  });

  it('names what was thrown when it is no error, never the fields of an object', () => {
    expect(errorMessage('plain text')).toBe('Non-error value: plain text');
    expect(errorMessage(undefined)).toBe('Non-error value: undefined');
    expect(errorMessage({ email: 'jane@example.org', password: 'secret' })).toBe('Non-error value: Object');
    expect(errorMessage({ name: 'AbortError', message: 'The user aborted a request.' })).toBe('AbortError: The user aborted a request.');
  });

  it('is cut to the limit', () => {
    expect(errorMessage(new Error('x'.repeat(2000)))).toHaveLength(errorReportLimits.message);
  });
});

describe('parseStack', () => {
  it("reads V8's frames, with and without a function name", () => {
    expect(parseStack(chromeStack)).toEqual([
      { fn: 'onClick', location: `${chunk}:1:2345` },
      { fn: 'HTMLButtonElement.a', location: `${origin}/framework-0123456789abcdef0123.js?v=2:2:100` },
      { fn: 'loadPage', location: `${origin}/app-c524288db065d7123e04.js#top:3:4` },
      { fn: 'Array.forEach', location: '<anonymous>' },
      { fn: '', location: `${origin}/de/programm/?email=jane@example.org:5:6` },
    ]);
  });

  it("reads Firefox's and Safari's frames, and not a message holding an @", () => {
    const stack = [`onClick@${chunk}:1:2345`, `@${origin}/app-c524288db065d7123e04.js:3:4`, 'mail me@example.org', 'forEach@[native code]'].join('\n');
    expect(parseStack(stack)).toEqual([
      { fn: 'onClick', location: `${chunk}:1:2345` },
      { fn: '', location: `${origin}/app-c524288db065d7123e04.js:3:4` },
      { fn: 'forEach', location: '[native code]' },
    ]);
  });
});

describe('locations', () => {
  it('lose the origin, query, fragment and content hash, and keep line and column', () => {
    expect(scrubLocation(`${origin}/framework-0123456789abcdef0123.js?v=2:2:100`, origin)).toBe('/framework.js:2:100');
    expect(scrubLocation(`${origin}/app.js#top:3:4`, origin)).toBe('/app.js:3:4');
    expect(scrubLocation('https://other.example/lib.js?key=1:1:1', origin)).toBe('https://other.example/lib.js:1:1');
    expect(scrubLocation('<anonymous>', origin)).toBe('<anonymous>');
  });

  it('name a chunk by its file without the content hash', () => {
    expect(fileOf(`${chunk}:1:2345`)).toBe('component---src-templates-event-page-tsx.js');
    expect(fileOf(`${origin}/styles-0123456789abcdef0123.css`)).toBe('styles.css');
    expect(fileOf(`${origin}/de/page?x=1`)).toBe('page');
  });

  it('name a call by method and path only', () => {
    expect(callOf('post', `${origin}/de/pageeditor-api/container/12/?version=3`, origin)).toBe('POST /de/pageeditor-api/container/12/');
    expect(callOf('DELETE', '/de/pageeditor-api/container/12/modules/4/?version=3#x', origin)).toBe('DELETE /de/pageeditor-api/container/12/modules/4/');
  });
});

describe('describeError', () => {
  it('gives the top frame as the place and a scrubbed stack', () => {
    const described = describeError(errorWith(chromeStack), { origin });
    expect(described).toEqual({
      message: 'TypeError: boom',
      place: 'onClick (component---src-templates-event-page-tsx.js)',
      stack: [
        'at onClick (/component---src-templates-event-page-tsx.js:1:2345)',
        'at HTMLButtonElement.a (/framework.js:2:100)',
        'at loadPage (/app.js:3:4)',
        'at Array.forEach (<anonymous>)',
        'at /de/programm/:5:6',
      ].join('\n'),
    });
    expect(described!.stack).not.toContain(origin);
    expect(described!.stack).not.toContain('jane');
  });

  it('keeps at most MAX_FRAMES frames', () => {
    const stack = ['Error: deep', ...Array.from({ length: 50 }, (_, index) => `    at f${index} (${origin}/app.js:1:${index})`)].join('\n');
    expect(describeError(errorWith(stack), { origin })!.stack!.split('\n')).toHaveLength(MAX_FRAMES);
  });

  it('scrubs what a message may carry of a person', () => {
    expect(describeError(new Error('no user jane@example.org at /de/x?token=abc'), { origin })!.message).toBe('Error: no user [email] at /de/x?…');
  });

  it('leaves out "Script error." and errors of browser extensions', () => {
    expect(describeError('Script error.', { origin })).toBeNull();
    expect(describeError(errorWith('Error: x\n    at run (chrome-extension://abcdef/content.js:1:1)\n    at onClick (/app.js:1:1)'), { origin })).toBeNull();
    expect(describeError(errorWith('run@moz-extension://abc/content.js:1:1'), { origin })).toBeNull();
    expect(describeError('oops', { origin, file: 'chrome-extension://abcdef/inject.js' })).toBeNull();
  });

  it('drops extension frames below ours', () => {
    const described = describeError(errorWith(`Error: x\n    at onClick (${chunk}:1:1)\n    at wrapped (chrome-extension://abcdef/hook.js:1:1)`), { origin });
    expect(described!.stack).toBe('at onClick (/component---src-templates-event-page-tsx.js:1:1)');
  });

  it("takes the event's script as the place of a value without a stack", () => {
    expect(describeError('oops', { origin, file: `${origin}/app-c524288db065d7123e04.js?x=1` })).toEqual({ message: 'Non-error value: oops', place: 'app.js' });
    expect(describeError(42, { origin })).toEqual({ message: 'Non-error value: 42' });
  });

  it('passes no control character to the server', () => {
    const described = describeError(errorWith(`Error: a\u0007b\n    at f\u0001 (${origin}/app.js:1:1)`, 'a\u0007b\u2028c'), { origin })!;
    for (const text of [described.message, described.place!]) expect(hasControlCharacter(text)).toBe(false);
    expect(hasControlCharacter(described.stack!, true)).toBe(false);
  });
});

describe('fitFields', () => {
  it('cuts every text to its limit', () => {
    const long = 'é'.repeat(10_000);
    const fitted = fitFields({ kind: 'save', message: long, place: long, stack: long, call: long }) as unknown as Record<string, string>;
    for (const key of ['message', 'place', 'stack', 'call'] as const) expect(fitted[key]).toHaveLength(errorReportLimits[key]);
    const body = JSON.stringify({ area: 'site', path: `/${'a'.repeat(299)}`, release: 'r'.repeat(80), ...fitFields({ kind: 'error', message: 'x'.repeat(900), stack: 'y'.repeat(9000) }) });
    expect(body.length).toBeLessThan(ERROR_REPORT_BODY_LIMIT);
  });

  it('replaces the control characters the server refuses and surrogates cut in two; only the stack keeps its lines', () => {
    const fitted = fitFields({ kind: 'error', message: `${'x'.repeat(errorReportLimits.message - 1)}🎻`, place: 'a\u0000b\tc\nd\u2028e\u009f', stack: 'at a\r\nat b\u0007' });
    expect(fitted.message.endsWith('x\ufffd')).toBe(true);
    expect(fitted.place).toBe('a\ufffdb c d\ufffde\ufffd');
    expect(fitted.stack).toBe('at a\r\nat b\ufffd');
    for (const text of [fitted.message, fitted.place!]) expect(hasControlCharacter(text)).toBe(false);
    expect(hasControlCharacter(fitted.stack!, true)).toBe(false);
  });

  it('never sends an empty message, and leaves the other fields as they are', () => {
    expect(fitFields({ kind: 'save', message: '', status: 500, reloaded: false })).toEqual({ kind: 'save', message: 'Error', status: 500, reloaded: false });
  });
});
