/**
 * The 404 page in edit mode (ADR 013: staff also see offline pages). An offline page is not in the build, so its
 * address serves the 404 page; when the page read for that address answers (staff see offline pages), the page is
 * shown here with its headline and sections, editable like any other. So is an offline event, subscription or
 * article at its own address (ADR 059), and one made since the last build. Any other address keeps the 404 page.
 */
import React, { useEffect, type ReactNode } from 'react';
import type { Page } from '../../contract/schemas/content';
import { Breadcrumbs } from '../components/layout/breadcrumbs';
import { TabNavigation } from '../components/page/tab-navigation';
import { useEditor, useEditorState } from './editor-context';
import { EditablePageSections } from './page-sections';

/** The document keeps the 404 page's title from the build; name the page shown in its place instead. */
export function useOfflineTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return undefined;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** An offline page shown on the 404 page: its breadcrumbs, headline and tabs, then `sections` (the preview's too). */
export function OfflinePageBody({ page, sections }: { page: Page; sections: ReactNode }) {
  return (
    <>
      <Breadcrumbs items={page.breadcrumbs} />
      <div className="page-intro">
        <h1 className="page-title">{page.headline || page.title}</h1>
        {page.has_tab_navigation && <TabNavigation siblings={page.siblings} current={page.path} />}
      </div>
      {sections}
    </>
  );
}

export function OfflinePage({ children }: { children: ReactNode }) {
  const store = useEditor();
  const { page, record, recordHeading, loaded } = useEditorState();
  useOfflineTitle(page?.title ?? recordHeading?.title);

  if (!loaded) {
    return (
      <p role="status" className="kfe-page-loading">
        {store.texts.pageLoading}
      </p>
    );
  }
  if (record && recordHeading) {
    return (
      <>
        <div className="page-intro">
          <h1 className="page-title">{recordHeading.title}</h1>
        </div>
        <EditablePageSections containers={[]} />
      </>
    );
  }
  if (!page) return <>{children}</>;
  return <OfflinePageBody page={page} sections={<EditablePageSections containers={[]} />} />;
}
