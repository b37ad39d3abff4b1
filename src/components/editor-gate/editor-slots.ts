/**
 * What the lazily loaded editor hands to the visitor's page once it has loaded (ADR 013): the page's containers
 * render through `Container`, the editor header through `Header`, modals and alerts through `Overlay`. Only types
 * and a context live here, so the visitor bundle carries none of the editor's code.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Container } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';

/** The record a page shows, for the editor header's admin link (docs/product.md, Roles). */
export interface EditTarget {
  type: 'page' | 'event' | 'subscription' | 'form' | 'article' | 'category';
  id: number;
}

export interface EditorUser {
  id: number;
  email: string;
  username: string;
  role?: string;
  /** The language the person reads the editor in (ADR 061); German when the answer has none. */
  staff_language?: Locale;
}

export interface EditorOptions {
  locale: Locale;
  /** The page's path, `/de/konzertorte`. */
  path: string;
  target?: EditTarget;
  user: EditorUser;
  /** `preview`: the page read only with its saved state, for the editor's preview dialog (ADR 037). */
  mode?: 'edit' | 'preview';
}

export interface EditorSlots {
  /** Wraps the page while editing: state, drag and drop, modals and alerts. */
  Root: ComponentType<{ children: ReactNode }>;
  Container: ComponentType<{ container: Container }>;
  /**
   * A page's sections (content and home pages, and the sections of events, subscriptions and articles, ADR 059):
   * the sections of the saved state, those added or reordered
   * since the build included, with a control that adds one. `containers` are the build's, shown until the read.
   */
  Sections: ComponentType<{ containers: Container[] }>;
  /**
   * The 404 page in edit mode: a page that is not in the build (offline) but that staff may read is shown and
   * edited in its place; for any other path `children`, the 404 page itself.
   */
  MissingPage: ComponentType<{ children: ReactNode }>;
  Header: ComponentType;
}

export const EditorSlotsContext = createContext<EditorSlots | null>(null);

export const useEditorSlots = () => useContext(EditorSlotsContext);
