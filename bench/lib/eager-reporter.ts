/**
 * The error reporter's share of every visitor page (ADR 057): what the app bundle gained with it, bundled
 * and minified by esbuild (as webpack would inline it) and gzipped at level 9. React, Gatsby, the translations and the
 * contract's locales were in the app bundle before and stay outside the count, as do the two chunks loaded only on an
 * error (`error-report`, `route-error`).
 */
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { gzipSize } from './script-chunks';

const root = path.resolve(__dirname, '..', '..');

/**
 * What gatsby-browser.tsx takes of the reporter into the app bundle, and from where; webpack drops the exports no one
 * uses, so only these are counted (chunk-reload.ts's reload guard was there before; it is counted too).
 */
export const eagerReporterImports: Record<string, string[]> = {
  'src/lib/errors/install.ts': ['installErrorReports'],
  'src/lib/errors/previous-path.ts': ['notePreviousPath'],
  'src/lib/navigation/chunk-reload.ts': ['chunkFailedInNavigation', 'isChunkError'],
  'src/components/page/route-error-boundary.tsx': ['RouteErrorBoundary'],
};

const outside = [/^react(\/|$)/, /^gatsby$/, /\/src\/lib\/i18n\//, /\/contract\/locales(\.ts)?$/, /\/src\/lib\/errors\/report(\.ts)?$/, /\/route-error-page(\.tsx)?$/];

const keepOutside: Plugin = {
  name: 'keep-outside',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      const resolved = args.path.startsWith('.') ? path.resolve(args.resolveDir, args.path) : args.path;
      return outside.some((pattern) => pattern.test(resolved)) ? { path: args.path, external: true } : undefined;
    });
  },
};

/** Bytes of the reporter's eager part: minified, and gzipped at level 9. */
export async function eagerReporterSize(): Promise<{ bytes: number; gzip: number }> {
  const result = await build({
    stdin: {
      contents: Object.entries(eagerReporterImports)
        .map(([file, names]) => `export { ${names.join(', ')} } from './${file}';`)
        .join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    target: 'es2019',
    jsx: 'automatic',
    define: { 'process.env.GATSBY_KF_RELEASE': '"release"' },
    plugins: [keepOutside],
    logLevel: 'silent',
  });
  const code = Buffer.from(result.outputFiles[0].contents);
  return { bytes: code.length, gzip: gzipSize(code) };
}
