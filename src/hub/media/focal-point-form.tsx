/**
 * The focal point of an image on its change page (ADR 087): where its subject is, which every crop of the site keeps
 * in frame. Set by a click in the image, by the arrow keys on it, or exactly in two number fields (percent), in one
 * react-final-form form; beside it the crops as the server will cut them (the same arithmetic, contract/media-crops.ts).
 */
import React, { useId, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Form, useForm, useFormState } from 'react-final-form';
import { cropBox, mediaCrops } from '../../../contract/media-crops';
import { bodyFieldOf, FormShell, submissionErrors, TextField } from '../fields';
import { useHub } from '../hub-context';
import { mediaApi, previewUrl, type MediaRecord } from './media-api';
import { mediaTexts } from './media-texts';

interface FocalValues {
  /** Percent from the left and from the top, as typed (text) or set by the picker (number). */
  focal_x: string | number;
  focal_y: string | number;
}

const focalFields = new Set(['focal_x', 'focal_y']);
/** The crops shown beside the picker: the image module's two formats and the share image. */
const previewCrops: { crop: keyof typeof mediaTexts.cropNames; width: number }[] = [
  { crop: 'vertical', width: 128 },
  { crop: 'horizontal', width: 240 },
  { crop: 'og', width: 240 },
];

/** A percentage as a number 0..100, or undefined when the value is none (a comma counts as the decimal point). */
export function percentOf(value: unknown): number | undefined {
  const text = String(value ?? '').trim().replace(',', '.');
  const number = Number(text);
  return text !== '' && Number.isFinite(number) && number >= 0 && number <= 100 ? number : undefined;
}
const inRange = (value: unknown) => (percentOf(value) === undefined ? mediaTexts.focalRange : undefined);
/** Within 0..100, to a tenth of a percent. */
const tidy = (percent: number) => Math.min(100, Math.max(0, Math.round(percent * 10) / 10));

const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The image as a button: a click puts the point where it lands, the arrow keys move it (Shift: ten at a time). */
function Picker({ record, x, y, hintId }: { record: MediaRecord; x: number; y: number; hintId: string }) {
  const form = useForm<FocalValues>();
  const move = (left: number, top: number) =>
    form.batch(() => {
      form.change('focal_x', tidy(left));
      form.change('focal_y', tidy(top));
    });
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter and Space click too, with no position: the point stays where it is.
    if (event.detail === 0) return;
    const frame = event.currentTarget.getBoundingClientRect();
    move(((event.clientX - frame.left) / frame.width) * 100, ((event.clientY - frame.top) / frame.height) * 100);
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>) => {
    const direction = arrows[event.key];
    if (!direction) return;
    event.preventDefault();
    const step = event.shiftKey ? 10 : 1;
    move(x + direction[0] * step, y + direction[1] * step);
  };
  const width = Math.min(640, record.width);
  return (
    <button
      type="button"
      className="kfh-focal"
      onClick={click}
      onKeyDown={key}
      aria-label={mediaTexts.focalPicker(x, y)}
      aria-describedby={hintId}
      style={{ position: 'relative', display: 'block', width, maxWidth: '100%', padding: 0, border: 0, background: record.color, cursor: 'crosshair' }}
    >
      <img
        src={previewUrl(record, 640)}
        alt=""
        draggable={false}
        width={width}
        height={Math.max(1, Math.round((width * record.height) / record.width))}
        style={{ display: 'block', width: '100%', height: 'auto' }}
      />
      <span
        aria-hidden="true"
        data-testid="focal-marker"
        style={{
          position: 'absolute',
          left: `${x}%`,
          top: `${y}%`,
          width: 24,
          height: 24,
          margin: '-12px 0 0 -12px',
          borderRadius: '50%',
          border: '3px solid #fff',
          boxShadow: '0 0 0 2px #000, inset 0 0 0 2px #000',
          pointerEvents: 'none',
        }}
      />
    </button>
  );
}

/** One crop as the server cuts it: the image moved and scaled inside a box of the crop's ratio. */
function CropPreview({ record, crop, width, x, y }: { record: MediaRecord; crop: (typeof previewCrops)[number]['crop']; width: number; x: number; y: number }) {
  const box = cropBox(record.width, record.height, crop, x / 100, y / 100);
  const [w, h] = mediaCrops[crop];
  return (
    <figure style={{ margin: 0 }} data-testid={`crop-${crop}`}>
      <div style={{ position: 'relative', overflow: 'hidden', width, aspectRatio: `${w} / ${h}`, background: record.color }}>
        <img
          src={previewUrl(record, 640)}
          alt=""
          style={{
            position: 'absolute',
            maxWidth: 'none',
            width: `${(100 * record.width) / box.width}%`,
            left: `${(-100 * box.left) / box.width}%`,
            top: `${(-100 * box.top) / box.height}%`,
          }}
        />
      </div>
      <figcaption>{mediaTexts.cropNames[crop]}</figcaption>
    </figure>
  );
}

function FocalFields({ record, hintId }: { record: MediaRecord; hintId: string }) {
  const { values } = useFormState<FocalValues>({ subscription: { values: true } });
  // While a field holds no valid number, the picture keeps the last point it could show.
  const x = percentOf(values.focal_x) ?? record.focal_x * 100;
  const y = percentOf(values.focal_y) ?? record.focal_y * 100;
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)', alignItems: 'flex-start', marginBottom: 'var(--space-3)' }}>
        <Picker record={record} x={x} y={y} hintId={hintId} />
        <div>
          <h3>{mediaTexts.focalPreviews}</h3>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)', alignItems: 'flex-start' }}>
            {previewCrops.map(({ crop, width }) => (
              <CropPreview key={crop} record={record} crop={crop} width={width} x={x} y={y} />
            ))}
          </div>
        </div>
      </div>
      <TextField name="focal_x" type="number" label={mediaTexts.fieldFocalX} hint={mediaTexts.focalXHint} validate={inRange} />
      <TextField name="focal_y" type="number" label={mediaTexts.fieldFocalY} hint={mediaTexts.focalYHint} validate={inRange} />
    </>
  );
}

export function FocalPointForm({ record, onSaved }: { record: MediaRecord; onSaved: (record: MediaRecord) => void }) {
  const { sessionEnded } = useHub();
  const hintId = useId();
  const [status, setStatus] = useState<string>();
  const initialValues = useMemo(() => ({ focal_x: tidy(record.focal_x * 100), focal_y: tidy(record.focal_y * 100) }), [record]);
  const save = async (values: FocalValues) => {
    setStatus(undefined);
    const result = await mediaApi.update(record.id, { focal_x: (percentOf(values.focal_x) ?? 50) / 100, focal_y: (percentOf(values.focal_y) ?? 50) / 100 });
    if (result.ok) {
      onSaved(result.data);
      setStatus(mediaTexts.focalSaved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, bodyFieldOf(focalFields));
  };
  return (
    <section aria-labelledby="media-focal">
      <h2 id="media-focal">{mediaTexts.focalTitle}</h2>
      <p id={hintId}>{mediaTexts.focalIntro}</p>
      <Form<FocalValues> onSubmit={save} initialValues={initialValues}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={mediaTexts.focalSave} status={status} label={mediaTexts.focalTitle}>
            <FocalFields record={record} hintId={hintId} />
          </FormShell>
        )}
      </Form>
    </section>
  );
}
