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

  it('gives every entry its own key and gives back exactly what it read', () => {
    const keyed = withKeys(navigation);
    const keys = [...keyed.menu.flatMap((item) => [item.key, ...item.children.map((child) => child.key)]), ...keyed.footer.map((link) => link.key)];
    expect(new Set(keys).size).toBe(5);
    expect(withoutKeys(keyed)).toEqual(navigation);
  });

  it('trims texts and treats missing flags as off', () => {
    const keyed = withKeys(navigation);
    keyed.footer[0] = { ...keyed.footer[0], title: '  Impressum ' };
    keyed.menu[1] = { ...keyed.menu[1], in_burger_menu: undefined as unknown as boolean };
    const saved = withoutKeys(keyed);
    expect(saved.footer[0].title).toBe('Impressum');
    expect(saved.menu[1].in_burger_menu).toBe(false);
  });

  it('moves an entry one place and keeps the list when the move would leave it', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('maps the server’s field names to the inputs the editor has', () => {
    expect(navigationFieldOf('body.menu.2.title')).toBe('menu.2.title');
    expect(navigationFieldOf('body.menu.0.children.1.url')).toBe('menu.0.children.1.url');
    expect(navigationFieldOf('body.footer.3.url')).toBe('footer.3.url');
    expect(navigationFieldOf('body.menu.0.children.1.children')).toBeUndefined();
    expect(navigationFieldOf('body.footer')).toBeUndefined();
  });
});
