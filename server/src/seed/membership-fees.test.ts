import type { Locale } from '../../../contract/locales';
import type { Bilingual, ModuleSpec, PageSpec } from './bilingual';
import { pageSpecs } from './content';
import { membershipForm } from './forms';

/**
 * The demo content agrees with itself about what membership costs (ADR 069): the amounts are read back from the
 * texts a visitor sees on the membership page, on the home page's teaser and in the application form, per language.
 */
const page = (key: string): PageSpec => {
  const spec = pageSpecs.find((candidate) => candidate.key === key);
  if (!spec) throw new Error(`no seeded page ${key}`);
  return spec;
};
const modules = (spec: PageSpec): ModuleSpec[] => spec.containers.flatMap((container) => container.modules);

/** "60 € im Jahr" → 60, "ab 250 € im Jahr" → "ab 250"; "€95 a year" → 95, "from €250" → "from 250". */
function amountIn(text: string, locale: Locale): { euros: number; from: boolean } {
  const match = locale === 'de' ? /(ab )?(\d+) €/i.exec(text) : /(from )?€(\d+)/i.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return { euros: Number(match[2]), from: match[1] !== undefined };
}

function fromPage(locale: Locale) {
  const faq = modules(page('membership')).find((module) => module.type === 'faq');
  const items = (faq?.items ?? []) as { content: Bilingual; answer: Bilingual }[];
  return items.map((item) => ({ name: item.content[locale], ...amountIn(item.answer[locale], locale) }));
}

function fromForm(locale: Locale) {
  const field = membershipForm.fields.find((candidate) => candidate.slug === 'membership');
  const choices = (field?.choices ?? []) as { value: string; label: Bilingual }[];
  return choices.map((choice) => ({ name: choice.label[locale], ...amountIn(choice.label[locale], locale) }));
}

function fromHome(locale: Locale) {
  const teasers = modules(page('home')).flatMap((module) => (module.children ?? []) as { preline?: Bilingual; subline?: Bilingual }[]);
  const membership = teasers.find((teaser) => teaser.preline?.de === 'Mitgliedschaft');
  if (!membership?.subline) throw new Error('the home page has no membership teaser with a fee');
  return amountIn(membership.subline[locale], locale);
}

describe('the seeded membership fees', () => {
  it.each(['de', 'en'] as const)('are the same on the membership page, in the form and on home (%s)', (locale) => {
    const listed = fromPage(locale);
    const offered = fromForm(locale);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const amounts = (fees: { euros: number; from: boolean }[]) => fees.map((fee) => `${fee.from ? '≥' : ''}${fee.euros}`).sort();
    expect(amounts(offered)).toEqual(amounts(listed));
    const lowest = Math.min(...listed.map((fee) => fee.euros));
    expect(fromHome(locale)).toEqual({ euros: lowest, from: true });
  });

  it('offers the reduced fee to the same people on the page and in the form', () => {
    const reduced = (fees: { name: string; euros: number }[]) => fees.find((fee) => fee.euros === Math.min(...fees.map((each) => each.euros)))!.name;
    for (const word of ['Schüler', 'Auszubildende', 'Studierende']) {
      expect(reduced(fromPage('de'))).toContain(word);
      expect(reduced(fromForm('de'))).toContain(word);
    }
    for (const word of ['pupils', 'apprentices', 'students']) {
      expect(reduced(fromPage('en')).toLowerCase()).toContain(word);
      expect(reduced(fromForm('en')).toLowerCase()).toContain(word);
    }
  });
});
