/**
 * The page as a visitor would see it with everything saved so far (ADR 037), at `?preview`: what the editor's
 * preview dialog shows in its frame. The gate loads it (in the editor chunk) only for logged-in staff, as it does
 * for `?edit`; anyone else keeps the built page, which is what is published. Read only: no toolbar, no section
 * controls, no writes (a section the server does not know stays as built instead of being created), no publish
 * polling. The sections come from the same calls the editor reads them with.
 */
import React, { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Container, Page } from '../../contract/schemas/content';
import type { EditorOptions, EditorSlots } from '../components/editor-gate/editor-slots';
import { StaticContainer } from '../components/modules/container-renderer';
import { createApi, recordTargetOf } from './api';
import { OfflinePageBody, useOfflineTitle } from './offline-page';

/** What the framed page tells the dialog around it (same origin only: preview-dialog.tsx checks the sender). */
export type PreviewMessage = { type: 'kf-preview-ready' } | { type: 'kf-preview-escape' };

/** The saved state read for the preview: the page (undefined until read, null when there is none) and sections by slug. */
class PreviewContent {
  private readonly api;
  private page: Page | null | undefined;
  /** An event's, subscription's or article's saved sections (ADR 059); null for other pages or a failed read. */
  private recordSections: Container[] | null = null;
  private readonly sections = new Map<string, Container | null>();
  private pending = 0;
  private listeners = new Set<() => void>();
  private version = 0;
  private told = false;

  constructor(private readonly options: EditorOptions) {
    this.api = createApi(options.locale);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = () => this.version;

  private changed() {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }

  /**
   * After each render: once the page is read and no section read (started by rendering) is open, the dialog is told,
   * and shows the frame only then, so nobody takes the built page for the preview.
   */
  tellWhenReady(rendered: number) {
    // A render of an older state has not asked for the sections the newer one needs yet.
    if (this.told || rendered !== this.version || this.page === undefined || this.pending > 0) return;
    this.told = true;
    tellParent({ type: 'kf-preview-ready' });
  }

  start() {
    const { target, path, locale } = this.options;
    // As the editor reads it (store.ts): other records' sections by slug; the generic 404 page is no page.
    const inLocale = path === `/${locale}` || path.startsWith(`/${locale}/`);
    const record = recordTargetOf(target);
    if (record) {
      void this.api.record(record.type, record.id).then((result) => {
        this.page = null;
        this.recordSections = result.ok ? result.data.sections : null;
        this.changed();
      });
      return;
    }
    if ((target && target.type !== 'page') || !inLocale) {
      this.page = null;
      this.changed();
      return;
    }
    void this.api.page(path).then((result) => {
      this.page = result.ok ? result.data : null;
      this.changed();
    });
  }

  pageState(): Page | null | undefined {
    return this.page;
  }

  /** The sections of the page's or the record's saved state, once read. */
  ownSections(): Container[] | undefined {
    return this.page?.modules ?? this.recordSections ?? undefined;
  }

  /** A section's saved state: from the page read, else read by slug once; undefined while unknown. */
  section(seed: Container): Container | null | undefined {
    if (this.page === undefined) return undefined;
    const fromPage = this.page?.modules.find((container) => container.slug === seed.slug || container.id === seed.id);
    if (fromPage) return fromPage;
    if (this.sections.has(seed.slug)) return this.sections.get(seed.slug);
    this.read(seed.slug);
    return undefined;
  }

  private readonly reads = new Set<string>();

  /** Starts a section's read once; rendering asks for it, and the answer re-renders. */
  private read(slug: string) {
    if (this.reads.has(slug)) return;
    this.reads.add(slug);
    this.pending += 1;
    void this.api.containerBySlug(slug).then((result) => {
      this.sections.set(slug, result.ok ? result.data : null);
      this.pending -= 1;
      this.changed();
    });
  }
}

function tellParent(message: PreviewMessage) {
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

const PreviewContext = createContext<PreviewContent | null>(null);

function usePreview(): PreviewContent {
  const content = useContext(PreviewContext);
  if (!content) throw new Error('usePreview outside the preview root');
  useSyncExternalStore(content.subscribe, content.getVersion, content.getVersion);
  return content;
}

function PreviewRoot({ content, children }: { content: PreviewContent; children: ReactNode }) {
  const version = useSyncExternalStore(content.subscribe, content.getVersion, content.getVersion);
  useEffect(() => content.start(), [content]);
  // Runs after the sections rendered (and so started their reads) with this version.
  useEffect(() => content.tellWhenReady(version), [content, version]);
  // A key press inside the frame never reaches the dialog's document: Escape is passed on, so it closes the preview
  // wherever the focus is (unless the page used it itself, to close its menu).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) tellParent({ type: 'kf-preview-escape' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return <PreviewContext.Provider value={content}>{children}</PreviewContext.Provider>;
}

function PreviewContainer({ container: seed }: { container: Container }) {
  const content = usePreview();
  // Until read (or when the read fails) the section as built: the dialog hides the frame until then anyway.
  return <StaticContainer container={content.section(seed) ?? seed} />;
}

function PreviewSections({ containers }: { containers: Container[] }) {
  const content = usePreview();
  const sections = content.ownSections();
  if (sections) {
    return (
      <>
        {sections.map((container) => (
          <StaticContainer key={container.id} container={container} />
        ))}
      </>
    );
  }
  return (
    <>
      {containers.map((seed) => (
        <PreviewContainer key={seed.id} container={seed} />
      ))}
    </>
  );
}

/** An offline page is not in the build: its address serves the 404 page, in whose place staff see the page. */
function PreviewMissingPage({ children }: { children: ReactNode }) {
  const content = usePreview();
  const page = content.pageState();
  useOfflineTitle(page?.title);
  if (!page) return <>{children}</>;
  return <OfflinePageBody page={page} sections={<PreviewSections containers={[]} />} />;
}

const NoHeader = () => null;

export function createPreview(options: EditorOptions): EditorSlots {
  const content = new PreviewContent(options);
  return {
    Root: ({ children }: { children: ReactNode }) => <PreviewRoot content={content}>{children}</PreviewRoot>,
    Container: PreviewContainer,
    Sections: PreviewSections,
    MissingPage: PreviewMissingPage,
    Header: NoHeader,
  };
}
