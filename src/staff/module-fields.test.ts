import type { Module } from '../../contract/schemas/content';
import { moduleBody, moduleToValues, valuesToModule } from './module-fields';

/** ADR 034: a picked link is edited and copied as its reference, a typed one as it was typed. */
describe('link references in the module form', () => {
  const teaser = {
    id: 7,
    type: 'teaser_list',
    column: 0,
    position: 2,
    anchor: '',
    extra_class: 'standard',
    children: [
      { image: null, preline: '', headline: 'Konzert', subline: '', text: '', link_text: 'Mehr', link: '/de/programm/neu/34', link_ref: 'event:34' },
      { image: null, preline: '', headline: 'Extern', subline: '', text: '', link_text: '', link: 'https://example.org/' },
    ],
  } as unknown as Module;

  it('puts the reference, not the resolved address, into the form, and sends it back', () => {
    const values = moduleToValues('teaser_list', teaser);
    const children = values.children as Record<string, unknown>[];
    expect(children.map((child) => child.link)).toEqual(['event:34', 'https://example.org/']);
    const body = valuesToModule('teaser_list', values);
    expect((body.children as Record<string, unknown>[]).map((child) => child.link)).toEqual(['event:34', 'https://example.org/']);
  });

  it('copies a module with its references as the links, without the resolved fields', () => {
    const link = { id: 3, type: 'link', column: 0, position: 0, anchor: '', content: 'Hin', link: '/de/ueber-uns', link_ref: 'page:12', link_url: '', open_new_window: false, extra_class: 'default' } as unknown as Module;
    expect(moduleBody(link)).toEqual({ type: 'link', anchor: '', content: 'Hin', link: 'page:12', link_url: '', open_new_window: false, extra_class: 'default' });
    const copied = moduleBody(teaser);
    expect((copied.children as Record<string, unknown>[]).map((child) => [child.link, 'link_ref' in child])).toEqual([
      ['event:34', false],
      ['https://example.org/', false],
    ]);
  });

  it('ignores a `link_ref` that is no reference', () => {
    const odd = { ...teaser, children: [{ headline: 'x', link: '/de/a', link_ref: 'javascript:alert(1)' }] } as unknown as Module;
    expect((moduleToValues('teaser_list', odd).children as Record<string, unknown>[])[0].link).toBe('/de/a');
  });
});
