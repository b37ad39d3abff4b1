/**
 * The boundary rules (.dependency-cruiser.cjs, ADR 045) catch what they promise: run with the project's own
 * configuration over a miniature project (fixtures/boundaries) that imports the wrong way once per rule, the check
 * reports exactly those imports, and none of those the rules allow (a test reaching across, the editor gate's lazy
 * import, a service reading the server's configuration, the source plugin using the contract). The real tree is
 * checked by `npm run lint`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const fixtureRoot = path.join(__dirname, 'fixtures/boundaries');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

interface Summary {
  violations: Violation[];
  ruleSetUsed: { forbidden: { name: string }[] };
}

function cruise(): Summary {
  // In the fixture's folder, so that its paths read as the project's do (`src/…`, `server/…`); without a cache,
  // which would be written there.
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', path.join(root, '.dependency-cruiser.cjs'), '--no-cache', '--output-type', 'json', '.'],
    { cwd: fixtureRoot, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`dependency-cruiser failed (${run.status}): ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: Summary }).summary;
}

describe('the boundary rules', () => {
  let summary: Summary;
  beforeAll(() => {
    summary = cruise();
  });

  it('report each wrong-way import of the fixture under its rule, as an error, and nothing else', () => {
    const found = summary.violations;
    expect(found.map((violation) => violation.rule.severity)).toEqual(found.map(() => 'error'));
    expect(found.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort()).toEqual(
      [
        'contract-imports-nothing-of-ours: contract/ad-limits.ts → src/lib/format.ts',
        'server-imports-no-site: server/src/services/mails.ts → src/lib/format.ts',
        // A type-only import counts: it ties the site to the server's internals as much as a value does.
        'site-imports-no-server: src/lib/paging.ts → server/src/services/cursor.ts',
        'features-not-into-each-other: src/editor/toolbar.ts → src/hub/hub-styles.ts',
        'features-not-into-each-other: src/hub/login-page.ts → src/editor/login-form.ts',
        'shared-not-into-features: src/components/card.ts → src/templates/page-template.ts',
        'shared-not-into-features: src/staff/picker.ts → src/editor/login-form.ts',
        'editor-gate-loads-editor-lazily: src/components/editor-gate/editor-gate.ts → src/editor/index.ts',
        'db-below-services: server/src/db/venues.ts → server/src/services/errors.ts',
        'no-cycles: server/src/services/change-log.ts → server/src/services/indexer.ts',
        'no-unresolvable: gatsby/create-pages.ts → ./missing-file',
        'site-code-not-into-build: src/components/deploy-banner.ts → gatsby/build-settings.ts',
        'services-below-routes: server/src/services/form-answers.ts → server/src/plugins/form-bodies.ts',
        'source-plugin-imports-contract-only: plugins/gatsby-source-example/source-nodes.ts → src/lib/format.ts',
        'features-not-into-pages: src/hub/page-list.ts → src/templates/page-template.ts',
        'every-page-parts-not-into-staff: src/lib/staff-link.ts → src/staff/picker.ts',
        'server-code-not-into-seed-or-test-helpers: server/src/services/venue-list.ts → server/src/seed/demo-venues.ts',
      ].sort(),
    );
  });

  it('are all exercised by the fixture, so a rule added later needs a wrong-way import here too', () => {
    const reported = new Set(summary.violations.map((violation) => violation.rule.name));
    expect(reported).toEqual(new Set(summary.ruleSetUsed.forbidden.map((rule) => rule.name)));
  });
});
