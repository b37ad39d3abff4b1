/**
 * A container section in edit mode, rendered from the server's saved state with the visitors' module components:
 * layout and anchor, modules added per column, edited, copied, pasted, deleted and reordered (drag and drop with
 * pointer or keyboard, and move buttons), undo to the state before the first edit.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import React, { useEffect, useId, useRef, useState } from 'react';
import { moduleTypes, type Container, type Module, type ModuleType } from '../../contract/schemas/content';

const isModuleType = (type: string): type is ModuleType => (moduleTypes as readonly string[]).includes(type);
import { ColumnShareProvider, columnShareOf } from '../components/modules/column-share';
import { layoutNames, StaticContainer as StaticSection } from '../components/modules/container-renderer';
import { ModuleRenderer } from '../components/modules/module-renderer';
import { arrange, columnIds, locate, moveColumn, moveStep, moveTo, type ColumnIds } from './column-moves';
import { ConfirmDialog } from '../staff/confirm-dialog';
import { useEditor, useEditorState } from './editor-context';
import { ModuleForm, type ModuleFormTarget } from './module-form';
import { sectionSlugRule } from './section-slug';
import type { EditorTexts } from './texts';

const columnKey = (index: number) => `column-${index}`;
const columnOfKey = (id: UniqueIdentifier) => (typeof id === 'string' && id.startsWith('column-') ? Number(id.slice(7)) : undefined);

/** Gives focus back to a module's control after it moved (a moved node loses focus in some browsers). */
function refocus(moduleId: number, preferred: string) {
  requestAnimationFrame(() => {
    const candidates = [preferred, 'up', 'down', 'handle'].map((action) => document.getElementById(`kfe-${moduleId}-${action}`));
    const target = candidates.find((el): el is HTMLElement => Boolean(el) && !(el as HTMLButtonElement).disabled);
    target?.focus();
  });
}

export function EditableContainer({ seed }: { seed: Container }) {
  const store = useEditor();
  const state = useEditorState();
  useEffect(() => {
    void store.ensureSection(seed);
  }, [store, seed]);

  if (state.preview) {
    const version = state.preview.sections.find((container) => container.slug === seed.slug);
    return <StaticSection container={version ?? { ...seed, columns: seed.columns.map((column) => ({ ...column, children: [] })) }} />;
  }
  const id = state.bySlug[seed.slug];
  const container = id === undefined ? undefined : state.containers[id];
  if (!container) {
    const error = state.sectionErrors[seed.slug];
    return (
      <div className="kfe-section" aria-busy={!error}>
        <p role={error ? 'alert' : 'status'} className="kfe-section__title">
          {error ? store.texts.loadFailed(error) : store.texts.loading}
        </p>
        <StaticSection container={seed} />
      </div>
    );
  }
  return <SectionEditor container={container} hasBackup={Boolean(state.backups[container.id])} />;
}

/** A section of the page's saved state, by id (the page read or an added section put it into the store). */
export function EditableSection({ id }: { id: number }) {
  const state = useEditorState();
  const container = state.containers[id];
  if (!container) return null;
  return <SectionEditor container={container} hasBackup={Boolean(state.backups[id])} />;
}

function SectionEditor({ container, hasBackup }: { container: Container; hasBackup: boolean }) {
  const store = useEditor();
  const { texts } = store;
  const { copy, notices, retries } = useEditorState();
  const notice = notices[container.id];
  const retry = retries[container.id];
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [form, setForm] = useState<ModuleFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Module | null>(null);
  const [dragColumns, setDragColumns] = useState<ColumnIds | null>(null);
  const [slug, setSlug] = useState(container.slug);
  const [slugError, setSlugError] = useState<string | null>(null);
  const slugInput = useRef<HTMLInputElement>(null);
  useEffect(() => setSlug(container.slug), [container.slug]);

  const shown = dragColumns ? arrange(container, dragColumns) : container;
  // Forms typed into and not saved (kept in the browser, ADR 032); read on each render, so a closed form shows at once.
  const kept = store.drafts.keptIn({ locale: store.options.locale, path: store.options.path, containerId: container.id });
  const keptModules = new Set(kept.flatMap((target) => ('moduleId' in target ? [target.moduleId] : [])));
  const modules = new Map(container.columns.flatMap((column) => column.children.map((module) => [module.id, module] as const)));
  const nameOf = (id: UniqueIdentifier) => {
    const module = modules.get(Number(id));
    return module ? texts.moduleNames[module.type] : '';
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.dragStart(nameOf(active.id)),
    onDragOver: ({ active }) => texts.dragOver(nameOf(active.id)),
    onDragEnd: ({ active }) => texts.dragEnd(nameOf(active.id)),
    onDragCancel: ({ active }) => texts.dragCancel(nameOf(active.id)),
  };

  const targetOf = (columns: ColumnIds, overId: UniqueIdentifier) => {
    const column = columnOfKey(overId);
    if (column !== undefined) return { column, index: columns[column].length };
    return locate(columns, Number(overId));
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const columns = dragColumns ?? columnIds(container);
    const from = locate(columns, Number(active.id));
    const to = targetOf(columns, over.id);
    // Only a change of column is arranged while dragging; the sortable strategy shows moves within one.
    if (!from || !to || from.column === to.column) return;
    setDragColumns(moveTo(columns, Number(active.id), to.column, to.index));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const columns = dragColumns ?? columnIds(container);
    setDragColumns(null);
    if (!over) return;
    const to = targetOf(columns, over.id);
    const moved = modules.get(Number(active.id));
    if (!to || !moved) return;
    void store.reorder(container.id, moveTo(columns, moved.id, to.column, to.index), moved);
  };

  const moveBy = (module: Module, next: ColumnIds | undefined, action: string) => {
    if (!next) return;
    void store.reorder(container.id, next, module).then(() => refocus(module.id, action));
  };

  const columnCount = container.columns.length;
  return (
    <div className="kfe-section" aria-labelledby={headingId} role="group" data-section={container.slug}>
      <div className="kfe-section__bar">
        <h2 className="kfe-section__title" id={headingId} ref={heading} tabIndex={-1}>
          {texts.section(container.slug)}
        </h2>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${headingId}-layout`}>
            {texts.layout}
          </label>
          <select id={`${headingId}-layout`} value={container.layout} onChange={(event) => void store.setLayout(container.id, Number(event.target.value))}>
            {texts.layoutNames.map((name, index) => (
              <option key={name} value={index}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <form
          className="kfe-bar__group"
          onSubmit={(event) => {
            event.preventDefault();
            const wanted = slug.trim();
            // The server's rule for section anchors, checked here so the editor reads why next to the field.
            if (!sectionSlugRule.test(wanted)) {
              setSlugError(texts.anchorHint);
              slugInput.current?.focus();
              return;
            }
            setSlugError(null);
            if (wanted !== container.slug) void store.setSlug(container.id, wanted);
          }}
        >
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${headingId}-slug`}>
              {texts.anchor}
            </label>
            <input
              id={`${headingId}-slug`}
              ref={slugInput}
              value={slug}
              onChange={(event) => setSlug(event.target.value)}
              aria-invalid={slugError ? true : undefined}
              aria-describedby={slugError ? `${headingId}-slug-error` : `${headingId}-slug-hint`}
            />
            {slugError ? (
              <p className="form-field__error" id={`${headingId}-slug-error`}>
                {slugError}
              </p>
            ) : (
              <span className="visually-hidden" id={`${headingId}-slug-hint`}>
                {texts.anchorHint}
              </span>
            )}
          </div>
          <button type="submit" className="kfe-button kfe-button--secondary kfe-button--small">
            {texts.saveAnchor}
          </button>
        </form>
        <button
          type="button"
          className="kfe-button kfe-button--secondary kfe-button--small"
          disabled={!hasBackup}
          title={texts.undoHint}
          onClick={() => void store.undo(container.id)}
        >
          {texts.undo}
        </button>
      </div>

      {/* A refused reorder, beside the modules it concerns (docs/product.md, States, keeps it out of the error alert);
          a layout or anchor refused as out of date, with the way to apply it again on what is saved now (ADR 062). */}
      <div role="alert" className={notice ? 'kfe-notice' : undefined}>
        {notice && (
          <>
            <p>{notice}</p>
            {retry && (
              <button
                type="button"
                className="kfe-button kfe-button--small"
                onClick={() => {
                  void store.reapplySectionChange(container.id)?.then(() => heading.current?.focus());
                }}
              >
                {texts.reapply('layout' in retry ? `${texts.layout}: ${texts.layoutNames[retry.layout] ?? retry.layout}` : `${texts.anchor}: ${retry.slug}`)}
              </button>
            )}
            <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={() => store.dismissNotice(container.id)}>
              {texts.close}
            </button>
          </>
        )}
      </div>

      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragColumns(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: texts.dragInstructions } }}
      >
        <section id={container.slug} className={`container-section layout-${layoutNames[container.layout] ?? layoutNames[0]}`}>
          <div className="row">
            {shown.columns.map((column, index) => (
              <EditableColumn
                key={index}
                index={index}
                count={columnCount}
                classes={column.classes}
                modules={column.children}
                texts={texts}
                onEdit={(module) => setForm({ mode: 'edit', containerId: container.id, module })}
                onDelete={setDeleting}
                onCopy={(module) => store.copy(module)}
                onMove={(module, direction) => {
                  const ids = columnIds(container);
                  if (direction === 'up' || direction === 'down') moveBy(module, moveStep(ids, module.id, direction === 'up' ? -1 : 1), direction);
                  else moveBy(module, moveColumn(ids, module.id, direction === 'left' ? -1 : 1), direction);
                }}
                onAdd={(type) => setForm({ mode: 'add', containerId: container.id, column: index, type })}
                keptNew={kept.flatMap((target) => ('column' in target && target.column === index && isModuleType(target.type) ? [target.type] : []))}
                keptModules={keptModules}
                pasteLabel={copy ? texts.paste(texts.moduleNames[copy.type]) : undefined}
                onPaste={() => void store.paste(container.id, index)}
              />
            ))}
          </div>
        </section>
      </DndContext>

      {form && <ModuleForm target={form} onClose={() => setForm(null)} onSaved={() => setForm(null)} />}
      {deleting && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={texts.deleteTitle}
          message={texts.deleteConfirm(texts.moduleNames[deleting.type])}
          confirmLabel={texts.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const module = deleting;
            setDeleting(null);
            void store.deleteModule(container.id, module.id).then(() => heading.current?.focus());
          }}
        />
      )}
    </div>
  );
}

interface ColumnProps {
  index: number;
  count: number;
  classes: string;
  modules: Module[];
  texts: EditorTexts;
  onEdit: (module: Module) => void;
  onDelete: (module: Module) => void;
  onCopy: (module: Module) => void;
  onMove: (module: Module, direction: 'up' | 'down' | 'left' | 'right') => void;
  onAdd: (type: ModuleType) => void;
  pasteLabel?: string;
  onPaste: () => void;
  /** Types of modules being added here whose forms were left unsaved. */
  keptNew: ModuleType[];
  /** Modules whose edit forms were left unsaved. */
  keptModules: Set<number>;
}

function EditableColumn({ index, count, classes, modules, texts, onEdit, onDelete, onCopy, onMove, onAdd, pasteLabel, onPaste, keptNew, keptModules }: ColumnProps) {
  // Only an empty column is a drop target of its own; otherwise its modules are, so a keyboard step lands on one.
  const { setNodeRef } = useDroppable({ id: columnKey(index), disabled: modules.length > 0 });
  const [type, setType] = useState<ModuleType>('text');
  const selectId = useId();
  const label = texts.column(index + 1, count);
  return (
    <div className={classes}>
      <div ref={setNodeRef} className="kfe-column" role="group" aria-label={label}>
        {count > 1 && <p className="kfe-column__label">{label}</p>}
        <ColumnShareProvider value={columnShareOf(classes)}>
          <SortableContext items={modules.map((module) => module.id)} strategy={verticalListSortingStrategy}>
            {modules.length === 0 && <p className="kfe-column__empty">{texts.emptyColumn}</p>}
            {modules.map((module, position) => (
              <SortableModule
                key={module.id}
                module={module}
                position={position}
                total={modules.length}
                column={index}
                columns={count}
                texts={texts}
                onEdit={onEdit}
                onDelete={onDelete}
                onCopy={onCopy}
                onMove={onMove}
                kept={keptModules.has(module.id)}
              />
            ))}
          </SortableContext>
        </ColumnShareProvider>
        <div className="kfe-column__add">
          <div className="form-field">
            <label className="form-field__label" htmlFor={selectId}>
              {texts.moduleType}
            </label>
            <select id={selectId} value={type} onChange={(event) => setType(event.target.value as ModuleType)}>
              {moduleTypes.map((option) => (
                <option key={option} value={option}>
                  {texts.moduleNames[option]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="kfe-button kfe-button--small" onClick={() => onAdd(type)}>
            {texts.addModule}
            {count > 1 && <span className="visually-hidden"> ({label})</span>}
          </button>
          {keptNew.map((kept) => (
            <button key={kept} type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={() => onAdd(kept)}>
              {texts.draftContinue(texts.moduleNames[kept])}
              {count > 1 && <span className="visually-hidden"> ({label})</span>}
            </button>
          ))}
          {pasteLabel && (
            <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={onPaste}>
              {pasteLabel}
              {count > 1 && <span className="visually-hidden"> ({label})</span>}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

interface ModuleProps {
  module: Module;
  position: number;
  total: number;
  column: number;
  columns: number;
  texts: EditorTexts;
  onEdit: (module: Module) => void;
  onDelete: (module: Module) => void;
  onCopy: (module: Module) => void;
  onMove: (module: Module, direction: 'up' | 'down' | 'left' | 'right') => void;
  /** Its edit form was left unsaved; opening it offers the text back. */
  kept: boolean;
}

function SortableModule({ module, position, total, column, columns, texts, onEdit, onDelete, onCopy, onMove, kept }: ModuleProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: module.id });
  const name = texts.moduleNames[module.type];
  const label = texts.moduleLabel(name, position + 1);
  const tool = (action: string, text: string, onClick: () => void, disabled = false) => (
    <button
      type="button"
      id={`kfe-${module.id}-${action}`}
      className="kfe-button kfe-button--secondary kfe-button--small"
      onClick={onClick}
      disabled={disabled}
      aria-label={`${text}: ${label}`}
    >
      {text}
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`kfe-module${isDragging ? ' kfe-module--dragging' : ''}`}
      role="group"
      aria-label={label}
      data-module-id={module.id}
      // The checks before publishing move the focus here (checks-button.tsx, ADR 086).
      tabIndex={-1}
    >
      <div className="kfe-module__tools">
        <span className="kfe-module__name" aria-hidden="true">
          {name}
        </span>
        <button
          type="button"
          ref={setActivatorNodeRef}
          id={`kfe-${module.id}-handle`}
          className="kfe-button kfe-button--secondary kfe-button--small kfe-handle"
          {...attributes}
          {...listeners}
          aria-label={texts.dragHandle(label)}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        {kept && <span className="kfe-draft-badge">{texts.draftBadge}</span>}
        {tool('edit', texts.edit, () => onEdit(module))}
        {tool('up', texts.moveUp, () => onMove(module, 'up'), position === 0)}
        {tool('down', texts.moveDown, () => onMove(module, 'down'), position === total - 1)}
        {columns > 1 && tool('left', texts.moveLeft, () => onMove(module, 'left'), column === 0)}
        {columns > 1 && tool('right', texts.moveRight, () => onMove(module, 'right'), column === columns - 1)}
        {tool('copy', texts.copy, () => onCopy(module))}
        {tool('delete', texts.delete, () => onDelete(module))}
      </div>
      <ModuleRenderer module={module} />
    </div>
  );
}
