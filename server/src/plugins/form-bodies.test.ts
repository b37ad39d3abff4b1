import Fastify, { type FastifyInstance } from 'fastify';
import { acceptFormBodies, FORM_BODY_LIMITS, parseFormBody } from './form-bodies';
import { registerErrorHandling } from './error-handler';
import { registerStrictBodies } from './strict-parsing';

const form = 'application/x-www-form-urlencoded';

describe('a form body sent without script (ADR 071)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    registerStrictBodies(app);
    // Only the scope that asks for form bodies takes them.
    await app.register(async (scope) => {
      acceptFormBodies(scope);
      scope.post('/form', async (request) => ({ body: request.body, prototype: Object.getPrototypeOf(request.body) }));
    });
    app.post('/json', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const send = (payload: string | Buffer, contentType = form, url = '/form') => app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('reads names and values as UTF-8, a repeated name as a list in sent order, `+` as a space', async () => {
    const response = await send('email=a%40b.de&wahl=eins&text=Gr%C3%BC%C3%9Fe+aus+K%C3%B6ln&wahl=zwei&leer=&nur');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { email: 'a@b.de', wahl: ['eins', 'zwei'], text: 'Grüße aus Köln', leer: '', nur: '' }, prototype: null });
  });

  it('keeps hostile texts as sent, for the route to judge: markup, control characters, a prototype name', async () => {
    const response = await send(`name=${encodeURIComponent('<script>alert(1)</script>\u0000\u001b')}&__proto__=x&constructor=y`);
    expect(response.statusCode).toBe(200);
    // Parsed from text, so `__proto__` is an own name here as in the body, not the object's prototype.
    expect(response.json().body).toEqual(JSON.parse('{"name":"<script>alert(1)</script>\\u0000\\u001b","__proto__":"x","constructor":"y"}'));
  });

  it.each([
    ['an overlong form', 'text=%C0%AF'],
    ['an encoded surrogate', 'text=%ED%A0%80'],
    ['a cut-off sequence', 'text=%E2%82'],
    ['a broken escape', 'text=%zz'],
  ])('refuses %s with a 400 naming the body', async (_name, payload) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/UTF-8/);
  });

  it('refuses raw bytes that are not UTF-8, and a byte order mark', async () => {
    for (const payload of [Buffer.from([0x61, 0x3d, 0xff, 0xfe]), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=1')])]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/body/);
    }
  });

  it('refuses a foreign charset with 415, too many fields with 413, too many bytes with 413', async () => {
    expect((await send('a=1', `${form}; charset=latin1`)).statusCode).toBe(415);
    const fields = Array.from({ length: FORM_BODY_LIMITS.fields + 1 }, (_, index) => `f${index}=1`).join('&');
    expect((await send(fields)).statusCode).toBe(413);
    expect((await send(`a=${'x'.repeat(FORM_BODY_LIMITS.bytes)}`)).statusCode).toBe(413);
  });

  it('is still refused by every other route', async () => {
    expect((await send('a=1', form, '/json')).statusCode).toBe(415);
  });

  it('parses an empty body to no fields', () => {
    expect(Object.keys(parseFormBody(''))).toEqual([]);
  });
});
