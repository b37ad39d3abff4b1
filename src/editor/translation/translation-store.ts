/**
 * The two languages side by side (ADR 083), beside the editor's store and in a file of its own: the state of both
 * languages (which one staff changed last, which is older), the copy of the other language's sections into this
 * one, and the other language's sections shown read only beside the edited ones. One per editor store.
 */
import { useSyncExternalStore } from 'react';
import type { Container } from '../../../contract/schemas/content';
import type { TranslationState } from '../../../contract/schemas/translation';
import type { Locale } from '../../../contract/locales';
import { createApi, type PostResult } from '../api';
import type { EditorStore } from '../store';

/** The other language's sections as the toggle shows them. */
export type OtherSections =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'missing' }
  | { status: 'ready'; sections: Container[] };

export interface TranslationView {
  /** Both languages of the page or record this page edits; null until read (or when it is neither). */
  state: TranslationState | null;
  /** Whether the other language is shown beside the edited one. */
  alongside: boolean;
  other: OtherSections | null;
  copying: boolean;
}

export const otherLocaleOf = (locale: Locale): Locale => (locale === 'de' ? 'en' : 'de');

export class TranslationStore {
  private view: TranslationView = { state: null, alongside: false, other: null, copying: false };
  private listeners = new Set<() => void>();
  /** Each read answers only if no later one was started (a save in between makes the earlier one stale). */
  private reads = 0;

  constructor(private readonly editor: EditorStore) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getView = () => this.view;

  private set(patch: Partial<TranslationView>) {
    this.view = { ...this.view, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  get other(): Locale {
    return otherLocaleOf(this.editor.options.locale);
  }

  /** Reads both languages' state again (after the page was read, after every save). */
  async refresh(): Promise<void> {
    const owner = this.editor.versionOwner();
    if (!owner) return;
    const read = ++this.reads;
    const result = await this.editor.api.translation(owner);
    if (read !== this.reads) return;
    this.set({ state: result.ok ? result.data : null });
  }

  /** Shows or hides the other language beside the edited one; shown, it is read afresh. */
  async toggle(): Promise<void> {
    if (this.view.alongside) {
      this.set({ alongside: false, other: null });
      return;
    }
    this.set({ alongside: true, other: { status: 'loading' } });
    await this.readOther();
  }

  private async readOther(): Promise<void> {
    const { page, record } = this.editor.getState();
    const api = createApi(this.other);
    let result: PostResult<{ sections: Container[] }> | undefined;
    if (record) {
      result = await api.record(record.content_type, record.object_id);
    } else if (page) {
      const path = page.urls[this.other];
      if (path === undefined) {
        this.set({ other: { status: 'missing' } });
        return;
      }
      const read = await api.page(path);
      result = read.ok ? { ...read, data: { sections: read.data.modules } } : read;
    }
    if (!this.view.alongside) return;
    if (!result) this.set({ other: { status: 'missing' } });
    else if (result.ok) this.set({ other: { status: 'ready', sections: result.data.sections } });
    else this.set({ other: { status: 'failed', message: this.editor.messageOf(result) } });
  }

  /**
   * Copies the other language's sections into this one (the server refuses when this one holds a module), then
   * shows this language's saved state with the copies and says so.
   */
  async copy(): Promise<boolean> {
    const owner = this.editor.versionOwner();
    if (!owner || this.view.copying) return false;
    this.set({ copying: true });
    const result = await this.editor.write(() => this.editor.api.copyTranslation(owner), { alert: true, message: this.editor.texts.translationCopied });
    if (result.ok) await this.editor.readPage();
    this.set({ copying: false });
    await this.refresh();
    return result.ok;
  }
}

const stores = new WeakMap<EditorStore, TranslationStore>();

export function translationStoreOf(editor: EditorStore): TranslationStore {
  let store = stores.get(editor);
  if (!store) {
    store = new TranslationStore(editor);
    stores.set(editor, store);
  }
  return store;
}

export function useTranslationView(store: TranslationStore): TranslationView {
  return useSyncExternalStore(store.subscribe, store.getView, store.getView);
}
