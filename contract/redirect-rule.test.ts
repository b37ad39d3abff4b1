import { redirectCatches, redirectRecordProblem } from './redirect-rule';

/** The field and code of the problem with a record, or undefined. */
const judged = (oldPath: string, newPath: string) => {
  const problem = redirectRecordProblem(oldPath, newPath);
  return problem && [problem.field, problem.code];
};

describe('the redirect records’ rule (ADR 063)', () => {
  it.each([
    ['/de/verein', '/de/ueber-uns'],
    ['/de/alt/*', '/de/neu/:splat'],
    ['/de/alt/*', '/de/neu'],
    ['/de/programm/:slug/:id', '/de/konzerte/:id/:slug'],
    ['/verein/*', '/de/verein/:splat'],
    ['/de/Spezial:Suche', '/de/search'],
    ['/de/alt/*', '/'],
  ])('accepts %s → %s', (oldPath, newPath) => {
    expect(judged(oldPath, newPath)).toBeUndefined();
  });

  it.each([
    // Every way off the site: the request chooses what follows the first slash.
    ['/de/go/*', '/:splat'],
    ['/de/go/*', '/:splat/x'],
    ['/de/go/:host', '/:host'],
    ['/de/go/:host/*', '/:host/:splat'],
    ['/de/go/*', '/:nowhere'],
  ])('refuses %s → %s: the target could leave the site', (oldPath, newPath) => {
    expect(judged(oldPath, newPath)).toEqual(['new_path', 'redirect_leaves_site']);
  });

  it.each([
    ['/de/go/*', ':splat'],
    ['/de/go/*', '//evil.example/:splat'],
    ['/de/go/*', '/\\evil.example'],
    ['/de/go/*', 'https://evil.example/:splat'],
  ])('refuses %s → %s: not a path of this site', (oldPath, newPath) => {
    expect(judged(oldPath, newPath)).toEqual(['new_path', 'invalid_path']);
  });

  it.each([
    ['/*', '/de/x/:splat', 'redirect_too_wide'],
    ['/de/*', '/en/:splat', 'redirect_too_wide'],
    ['/en/*', '/de/x', 'redirect_too_wide'],
    ['/de/:page', '/de/x/:page', 'redirect_too_wide'],
    ['/de/:page/*', '/de/x/:page', 'redirect_too_wide'],
    ['/:lang/alt', '/de/neu', 'redirect_too_wide'],
    ['/', '/de/x', 'reserved_path'],
    ['/de', '/de/x', 'reserved_path'],
    ['/DE/*', '/de/x', 'reserved_path'],
    ['/de/api/*', '/de/x/:splat', 'reserved_path'],
    ['/de/api', '/de/x', 'reserved_path'],
    ['/en/pageeditor-api/*', '/de/x', 'reserved_path'],
    ['/de/404', '/de/x', 'reserved_path'],
    ['/api/*', '/de/x', 'reserved_path'],
    ['/media/*', '/de/x/:splat', 'reserved_path'],
    ['/media/3/640.webp', '/de/x', 'reserved_path'],
    ['/cms-hub/*', '/de/x', 'reserved_path'],
    ['/cms-hub', '/de/x', 'reserved_path'],
    ['/Cms-Hub/users', '/de/x', 'reserved_path'],
    ['/static/*', '/de/x', 'reserved_path'],
    ['/page-data/*', '/de/x', 'reserved_path'],
  ])('refuses %s → %s: it takes over what the site answers itself (%s)', (oldPath, newPath, code) => {
    expect(judged(oldPath, newPath)).toEqual(['old_path', code]);
  });

  it.each([
    ['/de/a*/x', '/de/b', 'old_path'],
    ['/de/a/*/b', '/de/b', 'old_path'],
    ['/de/a/:', '/de/b', 'old_path'],
    ['/de/a/:x/:x', '/de/b/:x', 'old_path'],
    ['/de/a/:splat', '/de/b/:splat', 'old_path'],
    ['/de/a/*', '/de/b/:name', 'new_path'],
    ['/de/a/:id', '/de/b/:splat', 'new_path'],
    ['/de/a/:id', '/de/b-:id', 'new_path'],
    ['/de/a/*', '/de/b/*', 'new_path'],
    ['/de/a', '/de/b/:splat', 'new_path'],
  ])('refuses %s → %s: placeholders used another way than Netlify fills them (%s)', (oldPath, newPath, field) => {
    expect(judged(oldPath, newPath)).toEqual([field, 'redirect_pattern']);
  });

  it.each([
    ['/de/go/*', '/de/go/x/:splat'],
    ['/de/go/*', '/de/go/:splat'],
    ['/de/alt/*', '/de/:splat'],
    ['/de/alt/:a', '/de/:a/x'],
  ])('refuses %s → %s: the old address catches its own target', (oldPath, newPath) => {
    expect(judged(oldPath, newPath)).toEqual(['new_path', 'redirect_loop']);
  });

  it('refuses a record to its own address', () => {
    expect(judged('/de/x', '/de/x/')).toEqual(['new_path', 'redirect_to_itself']);
  });

  it('tells which records catch which targets, placeholders standing for any value', () => {
    expect(redirectCatches('/de/a', '/de/a')).toBe(true);
    expect(redirectCatches('/de/a', '/de/b')).toBe(false);
    expect(redirectCatches('/de/a/*', '/de/a')).toBe(true);
    expect(redirectCatches('/de/a/*', '/de/ab')).toBe(false);
    expect(redirectCatches('/de/a/*', '/de/a/b/c')).toBe(true);
    expect(redirectCatches('/de/a/:x', '/de/a/b/c')).toBe(false);
    expect(redirectCatches('/de/a/:x/c', '/de/:y/b/:z')).toBe(true);
    expect(redirectCatches('/de/a/:x', '/de/b/:splat')).toBe(false);
    expect(redirectCatches('/de/b/x/*', '/de/b/:splat')).toBe(true);
    expect(redirectCatches('/de/A', '/de/a')).toBe(false);
  });
});
