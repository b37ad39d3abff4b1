import { createPages } from './create-redirects';

/** Runs the plugin's createPages over redirect nodes and returns what it handed to createRedirect and the warnings. */
function run(rows: Array<{ old_path: string; new_path: string }>) {
  const created: Array<{ fromPath: string; toPath: string }> = [];
  const warnings: string[] = [];
  const args = {
    actions: { createRedirect: (redirect: { fromPath: string; toPath: string }) => created.push(redirect) },
    getNodesByType: () => rows,
    reporter: { warn: (message: string) => warnings.push(message) },
  };
  (createPages as unknown as (input: typeof args) => void)(args);
  return { created, warnings };
}

describe('redirect records in the build', () => {
  it('turns same-site records into permanent redirects', () => {
    const { created, warnings } = run([{ old_path: '/de/alt', new_path: '/de/neu' }]);
    expect(created).toEqual([expect.objectContaining({ fromPath: '/de/alt', toPath: '/de/neu', statusCode: 301 })]);
    expect(warnings).toEqual([]);
  });

  it('leaves out a record stored before the link rule that would send visitors to another host', () => {
    const hostile = ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', 'javascript:alert(1)'];
    const { created, warnings } = run([
      ...hostile.map((target) => ({ old_path: '/de/alt', new_path: target })),
      { old_path: '//evil.example', new_path: '/de' },
      { old_path: '/de/gut', new_path: '/de/neu' },
    ]);
    expect(created.map((redirect) => redirect.toPath)).toEqual(['/de/neu']);
    expect(warnings).toHaveLength(hostile.length + 1);
  });

  it('leaves out a record whose placeholders could lead off the site or that takes over the site (ADR 063)', () => {
    const { created, warnings } = run([
      { old_path: '/de/go/*', new_path: '/:splat' },
      { old_path: '/*', new_path: '/de/:splat' },
      { old_path: '/cms-hub/*', new_path: '/de' },
      { old_path: '/de/weg/*', new_path: '/de/ziel/:splat' },
    ]);
    expect(created.map((redirect) => redirect.fromPath)).toEqual(['/de/weg/*']);
    expect(warnings).toEqual([expect.stringContaining('"/de/go/*" → "/:splat" left out'), expect.stringContaining('"/*"'), expect.stringContaining('"/cms-hub/*"')]);
  });
});
