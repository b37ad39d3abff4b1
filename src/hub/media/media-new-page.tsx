/**
 * `/cms-hub/media/new`: upload an image with its alt texts and copyright. The bar shows the bytes sent; the
 * server's refusals (too large, not an image, no alt text) show beside their fields; then the new record opens.
 */
import { Link, navigate } from 'gatsby';
import React, { useState } from 'react';
import { Form } from 'react-final-form';
import { bodyFieldOf, FormShell, submissionErrors, TextField } from '../fields';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { mediaApi, type MediaTexts } from './media-api';
import { FileField, UploadProgress } from './media-file-field';
import { mediaKey } from './media-list-page';
import { mediaTexts } from './media-texts';
import { altDe } from './media-values';

interface UploadValues extends MediaTexts {
  file?: File;
}

const known = new Set(['alt_de', 'alt_en', 'copyright', 'file']);

export function MediaNewPage() {
  const { sessionEnded } = useHub();
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number>();

  const upload = async (values: UploadValues) => {
    setBusy(true);
    setPercent(0);
    const texts = { alt_de: values.alt_de ?? '', alt_en: values.alt_en ?? '', copyright: values.copyright ?? '' };
    const result = await mediaApi.upload(texts, values.file as File, setPercent);
    setBusy(false);
    if (result.ok) {
      void navigate(hubPaths.sectionRecord(mediaKey, result.data.id), { state: { message: mediaTexts.uploaded } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, bodyFieldOf(known));
  };

  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(mediaKey)}>
        {mediaTexts.back}
      </Link>
      <PageHeading title={mediaTexts.newTitle} />
      <Form<UploadValues> onSubmit={upload} initialValues={{ alt_de: '', alt_en: '', copyright: '' }}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={mediaTexts.upload}>
            <FileField />
            <TextField name="alt_de" label={mediaTexts.fieldAltDe} hint={mediaTexts.altDeHint} validate={altDe} rows={2} />
            <TextField name="alt_en" label={mediaTexts.fieldAltEn} hint={mediaTexts.altEnHint} rows={2} lang="en" />
            <TextField name="copyright" label={mediaTexts.fieldCopyright} hint={mediaTexts.copyrightHint} />
            <UploadProgress busy={busy} percent={percent} />
          </FormShell>
        )}
      </Form>
    </>
  );
}
