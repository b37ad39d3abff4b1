/**
 * The docs a newcomer reads first stay true to the tree: every path of ours that README.md, docs/architecture.md,
 * docs/product.md, docs/content-api.md, docs/operations.md and the ADR index name in backticks exists (the unit files
 * of docs/systemd/ are checked by scripts/systemd-units.test.ts). ADRs themselves are left out: they
 * record what was true when they were decided, and their status lines say what changed (docs/decisions/README.md).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const docs = ['README.md', 'docs/architecture.md', 'docs/product.md', 'docs/content-api.md', 'docs/operations.md', 'docs/decisions/README.md', 'server/README.md'];
/** A folder's own README names paths from that folder, or from the project's root. */
const exists = (doc: string, named: string) => [path.dirname(doc), '.'].some((base) => fs.existsSync(path.join(root, base, named)));
const topFolders = ['src', 'server', 'contract', 'gatsby', 'scripts', 'plugins', 'tests', 'bench', 'docs', 'tools', 'netlify', 'locales', 'static'];

/** Paths in backticks that start at one of our top folders, without wildcards or placeholders. */
export function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, text] of markdown.matchAll(/`([^`\s]+)`/g)) {
    const candidate = text.replace(/[,.:;]+$/, '');
    if (!topFolders.some((folder) => candidate.startsWith(`${folder}/`))) continue;
    if (/[*{}<>[\]$|()…]/.test(candidate)) continue;
    found.add(candidate.replace(/\/$/, ''));
  }
  return [...found];
}

describe('the docs name paths that exist', () => {
  it.each(docs)('%s', (doc) => {
    const paths = namedPaths(fs.readFileSync(path.join(root, doc), 'utf8'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((named) => !exists(doc, named))).toEqual([]);
  });

  it('reads a path out of backticks and skips patterns', () => {
    expect(namedPaths('see `src/lib/image.ts`, `server/src/db/search/` and `src/**/*.ts`, `npm test`').sort()).toEqual(['server/src/db/search', 'src/lib/image.ts']);
  });
});
