/**
 * The import boundaries of docs/architecture.md, checked by `npm run lint` (ADR 045). Paths are relative to the
 * folder the check runs in: the project root, or a fixture root in scripts/lint/boundaries.test.ts, which proves that
 * every rule here reports its wrong-way import. Type-only imports count (`tsPreCompilationDeps`): a type taken from
 * server internals ties the site to them as much as a value does.
 */
const path = require('node:path');

// Where the site's code lives: the pages and their parts, the source plugin, the build's helpers and Gatsby's own files.
const site = '^(src|plugins|gatsby)/|^gatsby-[^/]+$';
// A test may reach across to check that two sides agree (a site test against a real server, a server test against
// the headers file the build writes); so may the end-to-end tests, scripts and benchmarks, which stand outside both.
const test = '[.]test[.]tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'contract/ is what server and site agree on; it may use packages, never the code of either side.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { dependencyTypes: ['local', 'aliased'], pathNot: '^contract/' },
    },
    {
      name: 'server-imports-no-site',
      comment: 'The server takes what it shares with the site from contract/, never from the site.',
      severity: 'error',
      from: { path: '^server/', pathNot: test },
      to: { path: site },
    },
    {
      name: 'site-imports-no-server',
      comment: 'The site (pages, source plugin, build) takes what it shares with the server from contract/ only.',
      severity: 'error',
      from: { path: site, pathNot: test },
      to: { path: '^server/' },
    },
    {
      name: 'features-not-into-each-other',
      comment: 'Editor and hub are features: they share through src/staff, not through each other.',
      severity: 'error',
      from: { path: '^src/(editor|hub)/' },
      // `$1` is the feature the import comes from; into itself is fine.
      to: { path: '^src/(editor|hub)/', pathNot: '^src/$1/' },
    },
    {
      name: 'shared-not-into-features',
      comment: 'src/components, src/lib and src/staff are below the features and the pages that use them.',
      severity: 'error',
      from: { path: '^src/(components|lib|staff)/', pathNot: '^src/components/editor-gate/' },
      to: { path: '^src/(editor|hub|templates|pages)/' },
    },
    {
      name: 'editor-gate-loads-editor-lazily',
      comment:
        'The editor gate alone loads the editor, and only with import(): a chunk of its own that visitors never ' +
        'download (ADR 013).',
      severity: 'error',
      from: { path: '^src/components/editor-gate/' },
      to: { path: '^src/(editor|hub|templates|pages)/', dynamic: false },
    },
    {
      name: 'db-below-services',
      comment: 'db/ is the bottom of the server: queries and tables. Services, routes, hub and plugins build on it.',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/(services|routes|hub|plugins)/' },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle makes two files one unit that neither can be read, tested nor loaded without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the check cannot resolve is one it cannot judge.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'site-code-not-into-build',
      comment:
        "gatsby/ and gatsby-*.ts are the build: they import the site's code, never the other way. What both need " +
        '(the deploy context, routes, rules) lives in contract/ or src/lib.',
      severity: 'error',
      from: { path: '^src/', pathNot: test },
      to: { path: '^gatsby/|^gatsby-[^/]+$' },
    },
    {
      name: 'services-below-routes',
      comment:
        "services/ is what the server does; the HTTP side (routes, hub, plugins, the app and its start) builds on it. " +
        'A shape both need moves down into services/ (or contract/). The settings (config.ts) are not the HTTP side.',
      severity: 'error',
      from: { path: '^server/src/services/', pathNot: test },
      to: { path: '^server/src/(routes|hub|plugins)/|^server/src/(app|main|cli|start-server)[.]ts$' },
    },
    {
      name: 'source-plugin-imports-contract-only',
      comment:
        'The source plugin reads the content API at build time; it shares with the rest only what contract/ holds, ' +
        "so it can be read (and moved) without the site's pages or the build's helpers.",
      severity: 'error',
      from: { path: '^plugins/', pathNot: test },
      to: { dependencyTypes: ['local', 'aliased'], pathNot: '^(plugins|contract)/' },
    },
    {
      name: 'features-not-into-pages',
      comment: 'The pages and templates load editor and hub; the features never import what renders them.',
      severity: 'error',
      from: { path: '^src/(editor|hub)/', pathNot: test },
      to: { path: '^src/(templates|pages)/' },
    },
    {
      name: 'every-page-parts-not-into-staff',
      comment:
        "src/components and src/lib are every visitor's page; src/staff is the staff's UI above them, which a " +
        "visitor's bundle must not pull in.",
      severity: 'error',
      from: { path: '^src/(components|lib)/', pathNot: test },
      to: { path: '^src/staff/' },
    },
    {
      name: 'server-code-not-into-seed-or-test-helpers',
      comment:
        'seed/ (the demo content) and test/ (helpers of the tests) build on the server; the code that runs in ' +
        'production never imports them.',
      severity: 'error',
      from: { path: '^server/src/(routes|hub|plugins|services|db)/', pathNot: test },
      to: { path: '^server/src/(seed|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        // Built, cached or installed, not written: the site's build, Gatsby's cache, the tools' own packages.
        '(^|/)node_modules/',
        '^(public|[.]cache|var|test-results|playwright-report|bench/out|tools)/',
        // One wrong-way import per rule on purpose; scripts/lint/boundaries.test.ts runs the check on them apart.
        '^scripts/lint/fixtures/',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json', '.d.ts'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
