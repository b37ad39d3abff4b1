import React from 'react';
import { useEditorSlots } from '../editor-gate/editor-slots';
import type { Container, layouts } from '../../../contract/schemas/content';
import { ColumnShareProvider, columnShareOf } from './column-share';
import { ModuleRenderer } from './module-renderer';

/**
 * Layout names by index. Importing the server's list as a value would put TypeBox into the browser bundle; the
 * `typeof` type makes the compiler reject any difference from it.
 */
export const layoutNames: typeof layouts = ['100', '67-33', '33-67', '50-50', '33-33-33', '25-50-25'];

/** A container section: a row of the 12-column grid whose columns hold modules in order. */
export function ContainerRenderer({ container }: { container: Container }) {
  // In edit mode the editor (loaded on demand) renders the section from the server's saved state instead.
  const editor = useEditorSlots();
  if (editor) return <editor.Container container={container} />;
  return <StaticContainer container={container} />;
}

/** All sections of a page; in edit mode the editor lists them from the page's saved state instead. */
export function PageSections({ containers }: { containers: Container[] }) {
  const editor = useEditorSlots();
  if (editor) return <editor.Sections containers={containers} />;
  return (
    <>
      {containers.map((container) => (
        <StaticContainer key={container.id} container={container} />
      ))}
    </>
  );
}

/** The section as visitors see it (also the editor's rendering of a version preview). */
export function StaticContainer({ container }: { container: Container }) {
  const layout = layoutNames[container.layout] ?? layoutNames[0];
  return (
    <section id={container.slug} className={`container-section layout-${layout}`}>
      <div className="row">
        {container.columns.map((column, index) => (
          <div key={index} className={column.classes}>
            <ColumnShareProvider value={columnShareOf(column.classes)}>
              {column.children.map((module) => (
                <ModuleRenderer key={module.id} module={module} />
              ))}
            </ColumnShareProvider>
          </div>
        ))}
      </div>
    </section>
  );
}
