import { moved, navigationFieldOf, withKeys, withoutKeys } from './nav-model';

describe('navigation editor model', () => {
  const navigation = {
    menu: [
      { title: 'Programm', url: '/de/programm', is_highlight: true, in_burger_menu: true, children: [{ title: 'Abos', url: '/de/abonnements', is_highlight: false, in_burger_menu: false }] },
      { title: 'FAQ', url: '/de/faq', is_highlight: false, in_burger_menu: true, children: [] },
    ],
    footer: [
      { title: 'Impressum', url: '/de/impressum' },
      { title: 'Kontakt', url: '/de/kontakt' },
    ],
  };

  it('stores every entry under its own key and gives back exactly what it read', () => {
    const keyed = withKeys(navigation);
    expect(Object.keys(keyed.entries)).toHaveLength(5);
    expect(keyed.children[keyed.menu[0]]).toHaveLength(1);
    expect(withoutKeys(keyed)).toEqual(navigation);
  });

  it('saves the lists in their new order, trimmed, leaving out removed entries', () => {
    const keyed = withKeys(navigation);
    keyed.footer = moved(keyed.footer, 0, 1);
    keyed.entries[keyed.footer[0]] = { ...keyed.entries[keyed.footer[0]], title: '  Kontakt ' };
    keyed.menu = keyed.menu.slice(1);
    const saved = withoutKeys(keyed);
    expect(saved.footer.map((link) => link.title)).toEqual(['Kontakt', 'Impressum']);
    expect(saved.menu.map((item) => item.title)).toEqual(['FAQ']);
  });

  it('moves an entry one place and keeps the list when the move would leave it', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('maps the server’s field names to the inputs of the entries that were sent', () => {
    const keyed = withKeys(navigation);
    keyed.footer = moved(keyed.footer, 0, 1);
    const fieldOf = navigationFieldOf(keyed);
    const child = keyed.children[keyed.menu[0]][0];
    expect(fieldOf('body.menu.1.title')).toBe(`entries.${keyed.menu[1]}.title`);
    expect(fieldOf('body.menu.0.children.0.url')).toBe(`entries.${child}.url`);
    expect(fieldOf('body.footer.0.url')).toBe(`entries.${keyed.footer[0]}.url`);
    expect(keyed.entries[keyed.footer[0]].title).toBe('Kontakt');
    expect(fieldOf('body.menu.5.title')).toBeUndefined();
    expect(fieldOf('body.menu.0.children.1.children')).toBeUndefined();
    expect(fieldOf('body.footer')).toBeUndefined();
  });
});
