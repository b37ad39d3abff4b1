/**
 * The editor's state (docs/product.md, States: backup per slug, copy, loaded, loadingSection) and every call that
 * changes the page. A plain object with subscribers, read through useSyncExternalStore, so the containers (rendered
 * deep inside the page) and the header share one state without wrapping the page in new providers.
 */
import type { Container, Module, Page } from '../../contract/schemas/content';
import type { EditorOptions } from '../components/editor-gate/editor-slots';
import { recordAddressOf } from '../lib/route-path';
import { createApi, recordTargetOf, type EditorApi, type PageVersion, type PostResult, type PublishStatus, type Snapshot, type VersionOwner } from './api';
import type { RecordBody, RecordSections, RecordType } from '../../contract/schemas/editor';
import type { DraftInfo, DraftState } from '../../contract/schemas/drafts';
import { arrange, columnIds, sameOrder, snapshotOf, type ColumnIds } from './column-moves';
import { browserDraftStorage, createDraftStore, type DraftStore } from './draft-store';
import { moduleBody } from '../staff/module-fields';
import { nextSectionSlug, sectionSlugBase } from './section-slug';
import type { EditorTexts } from './texts';
import { refusalText } from '../staff/refusal-texts';
import { onSessionEnded, withSession } from '../staff/staff-api';
import { staffLanguageOf, type StaffLanguage } from '../staff/staff-language';

export interface Alert {
  id: number;
  kind: 'saved' | 'error';
  message: string;
}

/** A copied module: its fields, kept in localStorage so it can be pasted on another page too. */
export type Clipboard = ReturnType<typeof moduleBody>;

export interface EditorState {
  /** Containers as the server saved them, by id. */
  containers: Record<number, Container>;
  /** The container id behind each slug the page was built with (slugs can change while editing). */
  bySlug: Record<string, number>;
  /** Whether the page's saved state has been read. */
  loaded: boolean;
  loadingSection: string | null;
  sectionErrors: Record<string, string>;
  /** Per container id: its state before the first edit (what undo restores). */
  backups: Record<number, Snapshot>;
  copy: Clipboard | null;
  alert: Alert | null;
  /** The login modal: open while a save waits for a new session. */
  login: boolean;
  publish: PublishStatus | null;
  page: Page | null;
  /** An event's, subscription's or article's sections in the page's language, as saved (ADR 059). */
  record: RecordSections | null;
  /** That record's title, address slug and online state in the page's language. */
  recordHeading: Pick<RecordBody, 'title' | 'slug' | 'is_online'> | null;
  /** A version shown in the page instead of the saved state: its sections in the page's language. */
  preview: { version: PageVersion; sections: Container[] } | null;
  /** The latest message for the polite live region (moves, copies). */
  announcement: string;
  /**
   * Per container id: a refused reorder, shown in the section (docs/product.md, States: reorders get no error alert).
   */
  notices: Record<number, string>;
  /** Per container id: a layout or anchor change refused as out of date, which the editor may apply again. */
  retries: Record<number, SectionChange>;
  /**
   * The draft of the page's (or record's) sections in the page's language, whoever started it: while there is one,
   * the sections listed and edited are the draft's, and saves stay unpublished until it is published. null: no
   * draft; undefined: not known (not read yet, no page or record here, or the read failed).
   */
  pageDraft: DraftInfo | null | undefined;
}

/** A change of a section's own settings (ADR 013: sent with the section's version). */
export type SectionChange = { layout: number } | { slug: string };

/** How a write reports: the save alert on success, the error alert on failure unless a form shows it in place. */
interface WriteOptions {
  alert: boolean;
  message?: string;
  /** The form that sent it shows the refusal beside its fields; an alert would only cover them. */
  errorInForm?: boolean;
  /** A call about the draft itself (start, publish, schedule, discard): its caller says what follows. */
  draftCall?: boolean;
}

export const alertMs = 4000;
const publishPollMs = 2000;

/** Whether the queue will still report an end: a triggered run does only when Netlify's notifications are set up. */
function isUnderWay({ state, deploy_notifications }: PublishStatus) {
  return state === 'pending' || state === 'building' || state === 'deploying' || (state === 'triggered' && deploy_notifications);
}
const clipboardKey = 'kf-editor-clipboard';

function readClipboard(): Clipboard | null {
  try {
    const raw = window.localStorage.getItem(clipboardKey);
    const value = raw ? (JSON.parse(raw) as Clipboard) : null;
    return value && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

export class EditorStore {
  readonly api: EditorApi;
  /** Unsaved module forms, kept in the browser (draft-store.ts). */
  readonly drafts: DraftStore = createDraftStore(browserDraftStorage());
  private state: EditorState;
  private listeners = new Set<() => void>();
  private loginWaiters: ((loggedIn: boolean) => void)[] = [];
  private pageRead: Promise<void> | null = null;
  private sectionReads = new Map<string, Promise<void>>();
  private alertTimer: ReturnType<typeof setTimeout> | undefined;
  private publishTimer: ReturnType<typeof setTimeout> | undefined;
  private alertSeq = 0;

  /** The staff member's language (ADR 061): every word of the editor's own, whatever the page's language. */
  readonly language: StaffLanguage;

  constructor(
    readonly options: EditorOptions,
    readonly texts: EditorTexts,
  ) {
    this.language = staffLanguageOf(options.user);
    this.api = createApi(options.locale);
    this.state = {
      containers: {},
      bySlug: {},
      loaded: false,
      loadingSection: null,
      sectionErrors: {},
      backups: {},
      copy: readClipboard(),
      alert: null,
      login: false,
      publish: null,
      page: null,
      record: null,
      recordHeading: null,
      preview: null,
      announcement: '',
      notices: {},
      retries: {},
      pageDraft: undefined,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = () => this.state;

  private set(patch: Partial<EditorState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  /** Starts reading the page and the publish state; returns the clean-up. */
  start(): () => void {
    // The sections' effects run before this one and may have started the read already (ensureSection).
    if (!this.pageRead) void this.readPage();
    void this.refreshPublish();
    const onStorage = (event: StorageEvent) => {
      if (event.key === clipboardKey) this.set({ copy: readClipboard() });
    };
    window.addEventListener('storage', onStorage);
    // A save answered 401 opens the login modal and is sent again after it (src/staff/staff-api.ts).
    const stopLogin = onSessionEnded(() => this.waitForLogin());
    return () => {
      stopLogin();
      window.removeEventListener('storage', onStorage);
      clearTimeout(this.alertTimer);
      clearTimeout(this.publishTimer);
    };
  }

  private applyContainer(container: Container, seedSlug?: string) {
    const bySlug = { ...this.state.bySlug, [container.slug]: container.id };
    if (seedSlug) bySlug[seedSlug] = container.id;
    this.set({ containers: { ...this.state.containers, [container.id]: container }, bySlug });
  }

  /** The record whose sections this page shows and edits like a page's (ADR 059), if it is one. */
  private recordTarget() {
    const { target, path } = this.options;
    if (target) return recordTargetOf(target);
    // No record on the page: an offline (or not yet built) record's address serves the 404 page, where staff see
    // and edit it as they see an offline content page (ADR 059).
    const address = recordAddressOf(path);
    return address && address.locale === this.options.locale ? { type: address.type, id: address.id, slug: address.slug } : undefined;
  }

  /** Whose versions the toolbar lists: the page's, or the record's sections' (ADR 059). */
  versionOwner(): VersionOwner | undefined {
    const { page, record } = this.state;
    if (page) return { type: 'page', id: page.id };
    return record ? { type: record.content_type, id: record.object_id } : undefined;
  }

  /** Whose sections a new one joins: the draft, while there is one, else the page or record (versionOwner). */
  private sectionOwner(): { type: string; id: number } | undefined {
    const draft = this.state.pageDraft;
    return draft ? { type: 'draft', id: draft.id } : this.versionOwner();
  }

  /** The sections the page lists in edit mode: a content page's or a record's, once read. */
  sections(): Container[] | undefined {
    return this.state.page?.modules ?? this.state.record?.sections;
  }

  /**
   * An event's, subscription's or article's saved sections (ADR 059). A record without any gets an empty one at
   * once, ready to fill (docs/product.md, States: a section that does not exist yet is created for a logged-in editor).
   */
  private async readRecord(type: RecordType, id: number, slug?: string) {
    const result = await this.api.record(type, id);
    // On the 404 page the address must name the record by its own slug, as its built page would.
    if (!result.ok || (slug !== undefined && result.data.slug !== slug)) {
      this.set({ loaded: true });
      return;
    }
    const { content_type, object_id, sections, title, slug: own, is_online } = result.data;
    // The draft's sections, if it has one, are shown and edited from the first render on: no save goes live unasked.
    const draft = await this.api.draft({ type: content_type, id: object_id });
    this.applyRecord({ content_type, object_id, sections: draft.ok ? draft.data.sections : sections });
    this.set({ recordHeading: { title, slug: own, is_online }, pageDraft: draft.ok ? draft.data.draft : undefined, loaded: true });
    if ((this.sections() ?? []).length === 0) await this.addSection({ announce: false });
  }

  private applyRecord(record: RecordSections) {
    const containers = { ...this.state.containers };
    const bySlug = { ...this.state.bySlug };
    for (const container of record.sections) {
      containers[container.id] = container;
      bySlug[container.slug] = container.id;
    }
    this.set({ record, containers, bySlug });
  }

  /** The page's saved state (content and home pages), or a record's sections; other sections are read by slug. */
  readPage(): Promise<void> {
    this.pageRead = (async () => {
      const { target, path, locale } = this.options;
      const record = this.recordTarget();
      if (record) return this.readRecord(record.type, record.id, 'slug' in record ? record.slug : undefined);
      // Other records' sections are read by slug; a path outside the language (the generic 404 page) is no page.
      const inLocale = path === `/${locale}` || path.startsWith(`/${locale}/`);
      if ((target && target.type !== 'page') || !inLocale) {
        this.set({ loaded: true });
        return;
      }
      const result = await this.api.page(path);
      if (result.ok) {
        // As for a record: a draft's sections stand in for the page's before anything is shown.
        const draft = await this.api.draft({ type: 'page', id: result.data.id });
        const page = draft.ok ? { ...result.data, modules: draft.data.sections } : result.data;
        if (draft.ok) this.set({ pageDraft: draft.data.draft });
        const containers = { ...this.state.containers };
        const bySlug = { ...this.state.bySlug };
        for (const container of page.modules) {
          containers[container.id] = container;
          bySlug[container.slug] = container.id;
        }
        this.set({ page, containers, bySlug, loaded: true });
      } else {
        this.set({ loaded: true });
      }
    })();
    return this.pageRead;
  }

  /**
   * Makes sure the section the page was built with has its saved state: from the page read, else by slug; a slug
   * the server does not know (404) is created empty for the editor (docs/product.md, States).
   */
  ensureSection(seed: Container): Promise<void> {
    const known = this.sectionReads.get(seed.slug);
    if (known) return known;
    const read = (async () => {
      await (this.pageRead ?? this.readPage());
      if (this.state.bySlug[seed.slug] !== undefined) return;
      // The page's saved state lists all its sections: one missing under the build's slug was renamed (or removed)
      // since the build, and must not be created again under its old slug.
      const owner = this.versionOwner();
      if (owner && seed.content_type === owner.type && seed.object_id === owner.id) {
        if (this.state.containers[seed.id]) this.set({ bySlug: { ...this.state.bySlug, [seed.slug]: seed.id } });
        return;
      }
      this.set({ loadingSection: seed.slug });
      let result: PostResult<Container> = await this.api.containerBySlug(seed.slug);
      if (!result.ok && result.status === 404) {
        result = await this.write(
          () => this.api.createContainer({ content_type: seed.content_type, object_id: seed.object_id, slug: seed.slug, layout: seed.layout }),
          { alert: false },
        );
      }
      if (result.ok) this.applyContainer(result.data, seed.slug);
      else this.set({ sectionErrors: { ...this.state.sectionErrors, [seed.slug]: this.messageOf(result) } });
      if (this.state.loadingSection === seed.slug) this.set({ loadingSection: null });
    })();
    this.sectionReads.set(seed.slug, read);
    return read;
  }

  /**
   * Adds an empty section after the page's last one (the server appends it) and shows it at once. Its slug is named
   * after the page; one another section of the site already has (409 on `slug`) makes it try the next number.
   */
  async addSection({ announce = true }: { announce?: boolean } = {}): Promise<PostResult<Container> | undefined> {
    const owner = this.sectionOwner();
    const sections = this.sections();
    if (!owner || !sections) return undefined;
    // A record's address ends in its id (`/de/magazin/ein-abend/34`): its sections are named after its slug.
    const base = sectionSlugBase(this.state.page?.path ?? this.options.path.replace(/\/\d+\/?$/, ''), this.texts.sectionSlugFallback);
    const taken = new Set(Object.keys(this.state.bySlug));
    let result: PostResult<Container> | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const slug = nextSectionSlug(base, taken, sections.length + 1);
      result = await this.write(() => this.api.createContainer({ content_type: owner.type, object_id: owner.id, slug }), { alert: false });
      if (result.ok || result.status !== 409 || result.data.field !== 'slug') break;
      taken.add(slug);
    }
    if (!result) return undefined;
    if (result.ok) {
      this.applyContainer(result.data);
      const { page, record } = this.state;
      if (page) this.set({ page: { ...page, modules: [...page.modules, result.data] } });
      else if (record) this.set({ record: { ...record, sections: [...record.sections, result.data] } });
      if (announce) this.showAlert('saved', this.texts.sectionAdded(result.data.slug));
    } else if (result.status !== 401) {
      this.showAlert('error', this.texts.errorAlert(this.messageOf(result)));
    }
    return result;
  }

  container(id: number): Container {
    const container = this.state.containers[id];
    if (!container) throw new Error(`container ${id} is not loaded`);
    return container;
  }

  // --- saving -------------------------------------------------------------------------------------------

  showAlert(kind: Alert['kind'], message: string) {
    clearTimeout(this.alertTimer);
    this.alertSeq += 1;
    const id = this.alertSeq;
    this.set({ alert: { id, kind, message } });
    // docs/product.md, States: the save alert shows 4000 ms; an error stays until it is closed or replaced.
    if (kind === 'saved') this.alertTimer = setTimeout(() => this.dismissAlert(id), alertMs);
  }

  dismissAlert = (id?: number) => {
    if (!this.state.alert || (id !== undefined && this.state.alert.id !== id)) return;
    this.set({ alert: null });
  };

  announce(message: string) {
    // The same text twice in a row must still be read out: clear first.
    this.set({ announcement: '' });
    setTimeout(() => this.set({ announcement: message }), 50);
  }

  private waitForLogin(): Promise<boolean> {
    this.set({ login: true });
    return new Promise((resolve) => this.loginWaiters.push(resolve));
  }

  /** The login modal closed: after a login every waiting save is sent again, after a cancel it fails. */
  loginFinished = (loggedIn: boolean) => {
    const waiters = this.loginWaiters;
    this.loginWaiters = [];
    this.set({ login: false });
    waiters.forEach((resolve) => resolve(loggedIn));
  };

  /** A refused call as a sentence in the staff member's language (refusal-texts.ts, ADR 061), never the server's. */
  messageOf(result: PostResult<unknown>): string {
    if (result.ok) return '';
    return refusalText(result, this.language);
  }

  /**
   * Sends a write (built afresh on each try, so a retry after login names the current version). 401 opens the
   * login modal and retries after it; success shows the save alert (`alert`), failure the error alert (not for
   * reorders; docs/product.md, States).
   */
  async write<T>(run: () => Promise<PostResult<T>>, { alert, message, errorInForm, draftCall }: WriteOptions): Promise<PostResult<T>> {
    const result = await withSession(run);
    if (result.ok) {
      const inDraft = Boolean(this.state.pageDraft);
      if (alert) this.showAlert('saved', message ?? (inDraft ? this.texts.pageDraft.saved : this.texts.saved));
      // A save into the draft publishes nothing; its "last change" line follows it instead.
      if (draftCall) return result;
      if (inDraft) void this.refreshDraft();
      else this.watchPublish();
    } else if (alert && !errorInForm && result.status !== 401) {
      this.showAlert('error', this.texts.errorAlert(this.messageOf(result)));
    }
    return result;
  }

  /** A refusal because someone else saved the section in between (ADR 013: 409 on `version`). */
  static isStale(result: PostResult<unknown>): boolean {
    return !result.ok && result.status === 409 && result.data.field === 'version';
  }

  /** Reads a section's current saved state (after a stale refusal: someone else's version, with its new number). */
  async refreshContainer(id: number): Promise<PostResult<Container>> {
    const result = await this.api.containerBySlug(this.container(id).slug);
    if (result.ok) this.applyContainer(result.data);
    return result;
  }

  dismissNotice = (id: number) => {
    if (!(id in this.state.notices) && !(id in this.state.retries)) return;
    const notices = { ...this.state.notices };
    const retries = { ...this.state.retries };
    delete notices[id];
    delete retries[id];
    this.set({ notices, retries });
  };

  private backup(id: number) {
    if (this.state.backups[id]) return;
    this.set({ backups: { ...this.state.backups, [id]: snapshotOf(this.container(id)) } });
  }

  private async containerWrite(id: number, run: (version: number) => Promise<PostResult<Container>>, options: WriteOptions) {
    this.backup(id);
    const result = await this.write(() => run(this.container(id).version), options);
    if (result.ok) this.applyContainer(result.data);
    return result;
  }

  setLayout(id: number, layout: number) {
    return this.changeSection(id, { layout });
  }

  setSlug(id: number, slug: string) {
    return this.changeSection(id, { slug });
  }

  /**
   * Saves a section's layout or anchor. Refused because someone saved the section in between (ADR 013), the section
   * shows their state and says so in place, with the change kept to apply again on top (as module forms do, ADR 032,
   * 062); other refusals go to the error alert.
   */
  private async changeSection(id: number, change: SectionChange) {
    this.dismissNotice(id);
    const result = await this.containerWrite(id, (version) => this.api.updateContainer(id, { version, ...change }), { alert: true, errorInForm: true });
    if (result.ok) return result;
    if (EditorStore.isStale(result)) {
      await this.refreshContainer(id);
      this.set({ notices: { ...this.state.notices, [id]: this.texts.sectionStale(this.messageOf(result)) }, retries: { ...this.state.retries, [id]: change } });
    } else if (result.status !== 401) {
      this.showAlert('error', this.texts.errorAlert(this.messageOf(result)));
    }
    return result;
  }

  /** Applies a refused layout or anchor change again, on the section's state as now saved. */
  reapplySectionChange(id: number) {
    const change = this.state.retries[id];
    return change ? this.changeSection(id, change) : undefined;
  }

  addModule(id: number, column: number, module: Record<string, unknown> & { type: string }, { message, errorInForm }: Omit<WriteOptions, 'alert'> = {}) {
    // The end of the column when the save is sent: after a login or a stale refusal it may hold more modules.
    return this.containerWrite(
      id,
      (version) => this.api.addModule(id, version, { ...module, column, position: this.container(id).columns[column]?.children.length ?? 0 }),
      { alert: true, message, errorInForm },
    );
  }

  updateModule(id: number, moduleId: number, module: Record<string, unknown> & { type: string }, { errorInForm }: Pick<WriteOptions, 'errorInForm'> = {}) {
    return this.containerWrite(id, (version) => this.api.updateModule(id, moduleId, version, module), { alert: true, errorInForm });
  }

  deleteModule(id: number, moduleId: number) {
    return this.containerWrite(id, (version) => this.api.deleteModule(id, moduleId, version), { alert: true, message: this.texts.deleted });
  }

  /**
   * Shows the new order at once and saves it. A refused reorder goes back and says why in its section (not in the
   * error alert: docs/product.md, States); refused because someone else saved in between, the section shows their
   * state.
   */
  async reorder(id: number, columns: ColumnIds, moved?: Module): Promise<boolean> {
    const before = this.container(id);
    if (sameOrder(columnIds(before), columns)) return true;
    this.backup(id);
    this.dismissNotice(id);
    this.set({ containers: { ...this.state.containers, [id]: arrange(before, columns) } });
    // Said once the order is saved, in the save alert: visible for sighted editors, read out by its live region.
    const movedText = moved ? this.movedText(id, moved.id, moved.type) : undefined;
    const result = await this.write(() => this.api.order(id, this.container(id).version, columns), { alert: false });
    if (result.ok) {
      this.applyContainer(result.data);
      this.showAlert('saved', movedText ? `${movedText} ${this.texts.saved}` : this.texts.orderSaved);
      return true;
    }
    const current = this.state.containers[id];
    if (current) this.set({ containers: { ...this.state.containers, [id]: { ...arrange(current, columnIds(before)) } } });
    if (EditorStore.isStale(result)) await this.refreshContainer(id);
    this.set({ notices: { ...this.state.notices, [id]: this.texts.moveFailed(this.messageOf(result)) } });
    return false;
  }

  /** Where a module now stands in its section, as a sentence ("… ist jetzt an Position 2 von 3 in Spalte 1."). */
  private movedText(id: number, moduleId: number, type: string): string | undefined {
    const columns = columnIds(this.container(id));
    const column = columns.findIndex((ids) => ids.includes(moduleId));
    if (column < 0) return undefined;
    const name = this.texts.moduleNames[type as keyof EditorTexts['moduleNames']] ?? type;
    return this.texts.moved(name, columns[column].indexOf(moduleId) + 1, columns[column].length, column + 1);
  }

  async undo(id: number) {
    const snapshot = this.state.backups[id];
    if (!snapshot) return undefined;
    const result = await this.write(() => this.api.restore(id, this.container(id).version, snapshot), { alert: true, message: this.texts.undone });
    if (result.ok) {
      this.applyContainer(result.data);
      const backups = { ...this.state.backups };
      delete backups[id];
      this.set({ backups });
    }
    return result;
  }

  copy(module: Module) {
    const copy = moduleBody(module);
    try {
      window.localStorage.setItem(clipboardKey, JSON.stringify(copy));
    } catch {
      // Private mode or a full store: the copy still works on this page.
    }
    this.set({ copy });
    // Shown like a save (nothing is stored on the server yet, but the editor should see the copy happened).
    this.showAlert('saved', this.texts.copied(this.texts.moduleNames[copy.type]));
  }

  paste(id: number, column: number) {
    const copy = this.state.copy;
    if (!copy) return undefined;
    return this.addModule(id, column, copy, { message: this.texts.pasted });
  }

  // --- publishing ---------------------------------------------------------------------------------------

  async refreshPublish() {
    clearTimeout(this.publishTimer);
    const result = await this.api.publishStatus();
    if (!result.ok) return;
    this.set({ publish: result.data });
    if (isUnderWay(result.data)) {
      this.publishTimer = setTimeout(() => void this.refreshPublish(), publishPollMs);
    }
  }

  /** After a save: the queue has work now, so poll until it reports live or failed. */
  private watchPublish() {
    clearTimeout(this.publishTimer);
    this.publishTimer = setTimeout(() => void this.refreshPublish(), 300);
  }

  // --- the draft ----------------------------------------------------------------------------------------

  /**
   * Shows the sections an answer about the draft names (the draft's, or the live ones once there is none) in place of
   * those listed so far. Undo snapshots belong to the sections left, so they go.
   */
  private applyDraftState(answer: DraftState) {
    const { page, record } = this.state;
    const before = this.sections() ?? [];
    const containers = { ...this.state.containers };
    const bySlug = { ...this.state.bySlug };
    for (const container of before) if (bySlug[container.slug] === container.id) delete bySlug[container.slug];
    for (const container of answer.sections) {
      containers[container.id] = container;
      bySlug[container.slug] = container.id;
    }
    this.set({
      containers,
      bySlug,
      backups: {},
      notices: {},
      retries: {},
      pageDraft: answer.draft,
      ...(page ? { page: { ...page, modules: answer.sections } } : {}),
      ...(record ? { record: { ...record, sections: answer.sections } } : {}),
    });
  }

  /**
   * Reads the draft again after a save into it: its last change (who, when) and planned time. Gone or replaced
   * meanwhile (published, discarded by someone else), the sections it names now are shown.
   */
  async refreshDraft() {
    const owner = this.versionOwner();
    if (!owner) return;
    const result = await this.api.draft(owner);
    if (!result.ok) return;
    if (result.data.draft?.id === this.state.pageDraft?.id) this.set({ pageDraft: result.data.draft });
    else this.applyDraftState(result.data);
  }

  /**
   * Sends a call about the draft and shows the sections its answer names. Refused because the draft is gone (someone
   * published or discarded it meanwhile: 404), the toolbar and the sections show what there is now.
   */
  private async changeDraft(call: (owner: VersionOwner) => Promise<PostResult<DraftState>>, message: string): Promise<boolean> {
    const owner = this.versionOwner();
    if (!owner) return false;
    const result = await this.write(() => call(owner), { alert: true, message, draftCall: true });
    if (result.ok) this.applyDraftState(result.data);
    else if (result.status === 404) await this.refreshDraft();
    return result.ok;
  }

  /** Starts a draft from the live sections (or joins the one someone started meanwhile). */
  startDraft(): Promise<boolean> {
    return this.changeDraft((owner) => this.api.startDraft(owner), this.texts.pageDraft.started);
  }

  /** Publishes the draft: its sections become the live ones, and the usual publish run starts. */
  async publishDraft(): Promise<boolean> {
    const published = await this.changeDraft((owner) => this.api.publishDraft(owner), this.texts.pageDraft.published);
    if (published) this.watchPublish();
    return published;
  }

  /** Discards the draft: the live sections show again, unchanged. */
  discardDraft(): Promise<boolean> {
    return this.changeDraft((owner) => this.api.discardDraft(owner), this.texts.pageDraft.discarded);
  }

  /** Plans the draft's publishing at `at` (an instant with its offset), or clears the plan (null). */
  async scheduleDraft(at: string | null): Promise<PostResult<DraftState> | undefined> {
    const owner = this.versionOwner();
    if (!owner) return undefined;
    const message = at ? this.texts.pageDraft.scheduled : this.texts.pageDraft.unscheduled;
    // A refused time is shown in the dialog beside its field.
    const result = await this.write(() => this.api.scheduleDraft(owner, at), { alert: true, message, errorInForm: true, draftCall: true });
    if (result.ok) this.set({ pageDraft: result.data.draft });
    return result;
  }

  // --- page versions ------------------------------------------------------------------------------------

  async preview(version: PageVersion) {
    const record = this.state.record;
    if (record) {
      const result = await this.api.recordVersionSections(record.content_type, record.object_id, version.id);
      if (result.ok) this.set({ preview: { version, sections: result.data.sections } });
      else this.showAlert('error', this.messageOf(result));
      return;
    }
    const result = await this.api.page(this.options.path, version.id);
    if (result.ok) this.set({ preview: { version, sections: result.data.modules } });
    else this.showAlert('error', this.messageOf(result));
  }

  closePreview = () => this.set({ preview: null });

  async restoreVersion(version: PageVersion) {
    const record = this.state.record;
    if (record) {
      const result = await this.write(() => this.api.restoreRecordVersion(record.content_type, record.object_id, version.id), {
        alert: true,
        message: this.texts.restored,
      });
      if (result.ok) {
        this.set({ preview: null, backups: {} });
        this.applyRecord(result.data);
      }
      return;
    }
    const page = this.state.page;
    if (!page) return;
    const result = await this.write(() => this.api.restoreVersion(page.id, version.id), { alert: true, message: this.texts.restored });
    if (result.ok) {
      this.set({ preview: null, backups: {} });
      await this.readPage();
    }
  }
}
