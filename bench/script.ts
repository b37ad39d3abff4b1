/**
 * `npm run bench:script`: the script a visitor downloads per template (ADR 041: at most 100 KB gzip on every
 * visitor template, 0 bytes of editor or hub code). Loads home, programme, an event, magazine, an article and a
 * content page in Chromium (/usr/bin/chromium) twice, as a first visit (no cookie choice: the banner is open) and as
 * a returning visitor (a stored "necessary only" choice), waits until the page is idle, and prints every script
 * chunk it loaded with its gzip size (level 9), the total with PASS/MISS, and the bytes of editor or hub code
 * (bench/lib/script-chunks.ts says how those are told). ADR 057: the error reporter's eager part (counted in every
 * page's app bundle; its own size printed, bench/lib/eager-reporter.ts) and that no visit loads its lazy chunk
 * (`error-report`, only for a page with an error): a visit that does is a MISS.
 *
 * Options: --url <origin> measures a running site (`npm start`'s, say); without it the demo site is built in a temp
 * folder first (several minutes). --keep leaves that folder. --verbose lists the chunks of the returning visit too.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { consentCookie } from '../tests/e2e/consent-cookie';
import { eagerReporterSize } from './lib/eager-reporter';
import { describeChunk, errorReportGroup, errorReportMarker, filesBeyondApp, gzipSize, kb, staffOnlyFiles, type Chunk } from './lib/script-chunks';
import { openVisitorSite, visitorTemplates, type Template } from './lib/visitor-site';

const budget = 100_000;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Visit = 'first visit' | 'returning';

/** The cookie the cookie manager writes for "necessary only" (as tests/e2e/fixtures.ts does). */

/** A script of the visit with the file name and whether it holds the error reporter's lazy code. */
type VisitChunk = Chunk & { reporter: boolean };

async function measure(browser: Browser, origin: string, template: Template, visit: Visit, staffFiles: Set<string>, reporterFiles: Set<string>): Promise<VisitChunk[]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    if (visit === 'returning') await context.addCookies([consentCookie(origin)]);
    const page = await context.newPage();
    const pending: Promise<VisitChunk | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      pending.push(
        response.body().then(
          (body) => {
            const chunk = describeChunk(response.url(), body, staffFiles);
            return { ...chunk, reporter: reporterFiles.has(chunk.file) || body.includes(errorReportMarker) };
          },
          () => null,
        ),
      );
    });
    await page.goto(new URL(template.path, origin).href, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && document.documentElement.dataset.consent === 'ready');
    await page.waitForLoadState('networkidle');
    // What runs once the browser is idle (the cookie manager while the banner is open) has had its turn.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    return (await Promise.all(pending)).filter((chunk): chunk is VisitChunk => chunk !== null);
  } finally {
    await context.close();
  }
}

const total = (chunks: Chunk[], pick: (chunk: Chunk) => number) => chunks.reduce((sum, chunk) => sum + pick(chunk), 0);

async function main() {
  const { values } = parseArgs({ options: { url: { type: 'string' }, keep: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } } });
  const site = await openVisitorSite({ url: values.url, keep: values.keep, label: 'bench:script' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  const summary: string[] = [];
  const reporterLoaded: string[] = [];
  let failed = false;
  let reporterLine: string;
  try {
    const staffFiles = await staffOnlyFiles(site.origin);
    if (staffFiles.size === 0) console.log('(webpack.stats.json not served: staff code is told by content only)\n');
    const reporterFiles = await filesBeyondApp(site.origin, errorReportGroup);
    let reporterGzip = 0;
    for (const file of reporterFiles) {
      const response = await fetch(new URL(`/${file}`, site.origin));
      if (response.ok) reporterGzip += gzipSize(Buffer.from(await response.arrayBuffer()));
    }
    for (const template of await visitorTemplates(site.origin)) {
      for (const visit of ['first visit', 'returning'] as const) {
        const chunks = await measure(browser, site.origin, template, visit, staffFiles, reporterFiles);
        const gzip = total(chunks, (chunk) => chunk.gzip);
        const staff = total(chunks.filter((chunk) => chunk.staff), (chunk) => chunk.gzip);
        const reporter = chunks.filter((chunk) => chunk.reporter);
        reporterLoaded.push(...reporter.map((chunk) => `${template.name}, ${visit}: ${chunk.file}`));
        const pass = gzip <= budget && staff === 0 && reporter.length === 0;
        failed ||= !pass;
        if (visit === 'first visit' || values.verbose) {
          console.log(`${template.name} (${template.path}), ${visit}`);
          for (const chunk of [...chunks].sort((a, b) => b.gzip - a.gzip)) {
            console.log(
              `  ${kb(chunk.gzip).padStart(6)} KB gzip ${kb(chunk.bytes).padStart(7)} KB  ${chunk.file}${chunk.staff ? `  ← staff code: ${chunk.staff}` : ''}${chunk.reporter ? '  ← the error reporter’s lazy chunk' : ''}`,
            );
          }
          console.log(`  ${kb(gzip).padStart(6)} KB gzip in ${chunks.length} scripts; editor/hub ${staff} B\n`);
        }
        summary.push(
          `${template.name.padEnd(13)} ${visit.padEnd(12)} ${kb(gzip).padStart(6)} KB  ${String(chunks.length).padStart(2)} scripts  editor/hub ${String(staff).padStart(6)} B  ${pass ? 'PASS' : 'MISS'}`,
        );
      }
    }
    const eager = await eagerReporterSize();
    reporterLine =
      `error reporter (ADR 057): eager part ${eager.gzip} B gzip (${eager.bytes} B minified) in every page's count above; ` +
      `lazy chunk ${reporterGzip} B gzip in ${reporterFiles.size} file(s), loaded on ${reporterLoaded.length ? reporterLoaded.join('; ') : 'no visit'}` +
      `${reporterFiles.size === 0 ? ' (webpack.stats.json not served: told by content only)' : ''}  ${reporterLoaded.length ? 'MISS' : 'PASS'}`;
  } finally {
    await browser.close();
    await site.close();
  }
  console.log(`script per visitor template (gzip level 9; target ≤ ${kb(budget)} KB and 0 B of editor/hub code)`);
  for (const line of summary) console.log(`  ${line}`);
  console.log(reporterLine);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
