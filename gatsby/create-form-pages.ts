import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales, type Locale } from '../contract/locales';
import type { FormSummary, PublicForm } from '../contract/schemas/forms';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/form-page.tsx');

/** A KfForm node as the source plugin makes it from the changes feed. */
interface FormNode {
  kf_id: number;
  slug: string;
  definitions: Record<Locale, PublicForm>;
}

/** What the list of forms shows of each: its address, title and intro. */
const summaryOf = ({ id, slug, title, intro }: PublicForm): FormSummary => ({ id, slug, title, intro });

/**
 * The forms section per language (`/de/forms`, listing the online forms) and one page per online form
 * (`/de/forms/kontakt`), all from one template. Each page's context carries the form as the forms call answers
 * it in the page's language, so the built HTML holds the whole form and it sends without script (ADR 072); the
 * section's context the list. Only online forms have a page, so any other address below the section falls to the
 * 404 rules and the not-found page's match path, and answers 404 on the CDN, on our server and in the browser alike
 * (ADR 042). A form write is in the change log, so the save that changes a form rebuilds its page.
 */
export function createFormPages({ actions, getNodesByType }: CreatePagesArgs): void {
  // Oldest first, as the forms call lists them.
  const nodes = (getNodesByType('KfForm') as unknown as FormNode[]).slice().sort((a, b) => a.kf_id - b.kf_id);
  for (const locale of locales) {
    const forms = nodes.map((node) => node.definitions[locale]);
    actions.createPage({ path: routePath('forms', locale), component: template, context: localisedContext(locale, { forms: forms.map(summaryOf) }) });
    for (const form of forms) {
      actions.createPage({
        path: routePath('forms', locale, { slug: form.slug }),
        component: template,
        context: localisedContext(locale, { form, formSlug: form.slug }),
      });
    }
  }
}
