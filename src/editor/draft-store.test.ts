import { createDraftStore, draftKey, draftPrefix, type DraftPlace, type DraftStorage } from './draft-store';

/** Web Storage as the browser has it (string keys in insertion order, a quota that throws), over a Map. */
class MemoryStorage implements DraftStorage {
  private items = new Map<string, string>();
  constructor(private quota = Infinity) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  keys() {
    return [...this.items.keys()];
  }
}

const place = (over: Partial<DraftPlace> = {}): DraftPlace => ({ locale: 'de', path: '/de/konzertorte', containerId: 7, target: { moduleId: 12 }, ...over });
const limits = { maxChars: 2_000, maxDrafts: 3, maxAgeMs: 86_400_000 };

function setup(storage = new MemoryStorage()) {
  let clock = Date.parse('2026-11-25T10:00:00Z');
  const drafts = createDraftStore(storage, limits, () => clock);
  return { storage, drafts, tick: (ms: number) => (clock += ms) };
}

describe('draft keys', () => {
  it('name the language, the page, the section and the module or the new module’s column and type', () => {
    expect(draftKey(place())).toBe(`${draftPrefix}de:/de/konzertorte:7:module-12`);
    expect(draftKey(place({ target: { column: 1, type: 'link' } }))).toBe(`${draftPrefix}de:/de/konzertorte:7:new-1-link`);
  });

  it('keep drafts of another language, section, module or page apart', () => {
    const { drafts } = setup();
    drafts.write(place(), { content: 'Deutsch' });
    for (const other of [place({ locale: 'en', path: '/en/venues' }), place({ containerId: 8 }), place({ target: { moduleId: 13 } }), place({ path: '/de/faq' })]) {
      expect(drafts.read(other)).toBeNull();
    }
    expect(drafts.read(place())?.values).toEqual({ content: 'Deutsch' });
  });
});

describe('the draft store', () => {
  it('gives back what was written, with the time it was written, and only the form’s values', () => {
    const { drafts, storage } = setup();
    expect(drafts.write(place(), { content: 'Neuer Text', items: [{ question: 'Wann?' }] })).toBe(true);
    expect(drafts.read(place())).toEqual({ savedAt: '2026-11-25T10:00:00.000Z', values: { content: 'Neuer Text', items: [{ question: 'Wann?' }] } });
    expect(Object.keys(JSON.parse(storage.getItem(draftKey(place()))!))).toEqual(['savedAt', 'values']);
  });

  it('clears a draft (after a successful save) without touching the others', () => {
    const { drafts } = setup();
    drafts.write(place(), { content: 'a' });
    drafts.write(place({ target: { moduleId: 13 } }), { content: 'b' });
    drafts.clear(place());
    expect(drafts.read(place())).toBeNull();
    expect(drafts.read(place({ target: { moduleId: 13 } }))?.values).toEqual({ content: 'b' });
  });

  it('keeps at most maxDrafts entries, dropping the oldest, and leaves other keys alone', () => {
    const { drafts, storage, tick } = setup();
    storage.setItem('kf-editor-clipboard', '{"type":"text"}');
    for (const moduleId of [1, 2, 3, 4]) {
      drafts.write(place({ target: { moduleId } }), { content: `m${moduleId}` });
      tick(1_000);
    }
    expect(drafts.count()).toBe(3);
    expect(drafts.read(place({ target: { moduleId: 1 } }))).toBeNull();
    expect(drafts.read(place({ target: { moduleId: 4 } }))?.values).toEqual({ content: 'm4' });
    // Rewriting a kept draft does not push out another.
    drafts.write(place({ target: { moduleId: 2 } }), { content: 'm2 again' });
    expect(drafts.count()).toBe(3);
    expect(storage.getItem('kf-editor-clipboard')).toBe('{"type":"text"}');
  });

  it('does not keep an entry over maxChars, and removes the older copy rather than offer it as the latest', () => {
    const { drafts } = setup();
    drafts.write(place(), { content: 'short' });
    expect(drafts.write(place(), { content: 'x'.repeat(limits.maxChars) })).toBe(false);
    expect(drafts.read(place())).toBeNull();
  });

  it('forgets drafts older than maxAgeMs', () => {
    const { drafts, storage, tick } = setup();
    drafts.write(place(), { content: 'old' });
    drafts.write(place({ target: { moduleId: 2 } }), { content: 'old too' });
    tick(limits.maxAgeMs + 1);
    expect(drafts.read(place())).toBeNull();
    drafts.write(place({ target: { moduleId: 3 } }), { content: 'new' });
    expect(storage.keys().filter((key) => key.startsWith(draftPrefix))).toEqual([draftKey(place({ target: { moduleId: 3 } }))]);
  });

  it('lists what a section has kept: edited modules and modules being added, of that page and language only', () => {
    const drafts = createDraftStore(new MemoryStorage(), { ...limits, maxDrafts: 10 });
    drafts.write(place(), { content: 'a' });
    drafts.write(place({ target: { column: 1, type: 'teaser_list' } }), { children: [] });
    drafts.write(place({ containerId: 8 }), { content: 'other section' });
    drafts.write(place({ locale: 'en' }), { content: 'other language' });
    expect(drafts.keptIn({ locale: 'de', path: '/de/konzertorte', containerId: 7 })).toEqual([{ moduleId: 12 }, { column: 1, type: 'teaser_list' }]);
    expect(drafts.keptIn({ locale: 'de', path: '/de/faq', containerId: 7 })).toEqual([]);
  });

  it('ignores unreadable entries and survives a full or missing storage', () => {
    const storage = new MemoryStorage(200);
    const { drafts } = setup(storage);
    storage.setItem(draftKey(place()), '{not json');
    expect(drafts.read(place())).toBeNull();
    expect(drafts.write(place(), { content: 'y'.repeat(300) })).toBe(false);
    const none = createDraftStore(null);
    expect(none.write(place(), { content: 'z' })).toBe(false);
    expect(none.read(place())).toBeNull();
    expect(() => none.clear(place())).not.toThrow();
  });
});
