/**
 * Unsaved module forms kept in the browser (localStorage), so typed text survives a reload, a closed tab or an
 * expired session and is offered back when the same form is opened again. One entry per page, section, module (or
 * "new module of this type in this column") and language; only the form's values and the time are stored, nothing
 * about the person. Bounded: an entry over `maxChars` is not kept, at most `maxDrafts` entries (the oldest go first),
 * none older than `maxAgeMs`.
 */
import type { Locale } from '../../contract/locales';
import type { FormValues } from '../staff/module-fields';

export const draftPrefix = 'kf-editor-draft:';

export interface DraftPlace {
  locale: Locale;
  /** The page's path as the editor was opened on it (`/de/konzertorte`). */
  path: string;
  containerId: number;
  /** The module being edited, or the column and type of a module being added. */
  target: { moduleId: number } | { column: number; type: string };
}

export interface Draft {
  /** When it was last written (ISO 8601). */
  savedAt: string;
  values: FormValues;
}

export interface DraftLimits {
  maxChars: number;
  maxDrafts: number;
  maxAgeMs: number;
}

export const defaultDraftLimits: DraftLimits = { maxChars: 100_000, maxDrafts: 30, maxAgeMs: 14 * 86_400_000 };

/** The storage key of a place; the language comes first, so one language's drafts never answer for the other's. */
export function draftKey({ locale, path, containerId, target }: DraftPlace): string {
  const what = 'moduleId' in target ? `module-${target.moduleId}` : `new-${target.column}-${target.type}`;
  return `${draftPrefix}${locale}:${path}:${containerId}:${what}`;
}

/** Storage as far as drafts need it; `window.localStorage` in the editor. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const parse = (raw: string | null): Draft | null => {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Draft;
    return typeof draft?.savedAt === 'string' && draft.values && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
};

export function createDraftStore(storage: DraftStorage | null, limits: DraftLimits = defaultDraftLimits, now: () => number = Date.now) {
  /** Every draft entry, oldest first; unreadable and expired ones are removed on the way. */
  const entries = (): { key: string; savedAt: number }[] => {
    if (!storage) return [];
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(draftPrefix)) keys.push(key);
    }
    const found: { key: string; savedAt: number }[] = [];
    for (const key of keys) {
      const savedAt = Date.parse(parse(storage.getItem(key))?.savedAt ?? '');
      if (Number.isNaN(savedAt) || now() - savedAt > limits.maxAgeMs) storage.removeItem(key);
      else found.push({ key, savedAt });
    }
    return found.sort((a, b) => a.savedAt - b.savedAt);
  };

  const guard = <T>(fallback: T, run: () => T): T => {
    try {
      return run();
    } catch {
      // Private mode, storage switched off or full: the form still works, only without a kept copy.
      return fallback;
    }
  };

  return {
    read(place: DraftPlace): Draft | null {
      return guard(null, () => {
        if (!storage) return null;
        const key = draftKey(place);
        const draft = parse(storage.getItem(key));
        if (draft && now() - Date.parse(draft.savedAt) <= limits.maxAgeMs) return draft;
        storage.removeItem(key);
        return null;
      });
    },

    /** Keeps the values; false when they are too large to keep or the browser refuses. */
    write(place: DraftPlace, values: FormValues): boolean {
      return guard(false, () => {
        if (!storage) return false;
        const key = draftKey(place);
        const text = JSON.stringify({ savedAt: new Date(now()).toISOString(), values } satisfies Draft);
        if (text.length > limits.maxChars) {
          // An older, smaller copy would be offered back as if it were the latest: better none.
          storage.removeItem(key);
          return false;
        }
        // Written on every change of a form: only a new entry can push the count over the bound.
        if (storage.getItem(key) === null) {
          const others = entries();
          for (const entry of others.slice(0, Math.max(0, others.length - (limits.maxDrafts - 1)))) storage.removeItem(entry.key);
        }
        storage.setItem(key, text);
        return true;
      });
    },

    /** What a section has kept (modules being edited, modules being added), so the editor can point to them. */
    keptIn(section: Omit<DraftPlace, 'target'>): DraftPlace['target'][] {
      const prefix = draftKey({ ...section, target: { moduleId: 0 } }).replace(/module-0$/, '');
      // Keys only (this runs on every render of a section); expired entries go when they are read or written.
      return guard([], () =>
        Array.from({ length: storage?.length ?? 0 }, (_, i) => storage?.key(i) ?? '').flatMap((key): DraftPlace['target'][] => {
          if (!key.startsWith(prefix)) return [];
          const rest = key.slice(prefix.length);
          const edited = /^module-(\d+)$/.exec(rest);
          if (edited) return [{ moduleId: Number(edited[1]) }];
          const added = /^new-(\d+)-([a-z_]+)$/.exec(rest);
          return added ? [{ column: Number(added[1]), type: added[2] }] : [];
        }),
      );
    },

    clear(place: DraftPlace): void {
      guard(undefined, () => storage?.removeItem(draftKey(place)));
    },

    /** How many drafts are kept (for the tests and the bound). */
    count(): number {
      return guard(0, () => entries().length);
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** The browser's localStorage, or null where it cannot be used. */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
