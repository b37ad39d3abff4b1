/**
 * `/cms-hub/media`: the media library, newest first, searched by alt text, copyright and file name on the server;
 * each row shows a thumbnail with its alt text and links to the image's change page.
 */
import { Link } from 'gatsby';
import React from 'react';
import { formatBerlin } from '../berlin-time';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { mediaApi, previewUrl, type MediaRow } from './media-api';
import { mediaTexts } from './media-texts';

export const mediaKey = 'media';
const thumbWidth = 96;

/** The row's name: its German alt text, else its file name. */
export const mediaName = (row: Pick<MediaRow, 'alt_de' | 'filename'>) => row.alt_de || row.filename;

function Thumbnail({ row }: { row: MediaRow }) {
  return (
    <img
      src={previewUrl(row, 320)}
      alt={row.alt_de}
      width={thumbWidth}
      height={Math.max(1, Math.round((thumbWidth * row.height) / row.width))}
      loading="lazy"
      style={{ backgroundColor: row.color, objectFit: 'cover', display: 'block' }}
    />
  );
}

const columns = (): Column<MediaRow>[] => [
  { key: 'preview', label: mediaTexts.columnPreview, cell: (row) => <Thumbnail row={row} /> },
  {
    key: 'alt',
    label: mediaTexts.columnAlt,
    rowHeader: true,
    cell: (row) => <Link to={hubPaths.sectionRecord(mediaKey, row.id)}>{row.alt_de || mediaTexts.noAlt}</Link>,
  },
  { key: 'file', label: mediaTexts.columnFile, cell: (row) => row.filename },
  { key: 'size', label: mediaTexts.columnSize, cell: (row) => mediaTexts.size(row.width, row.height) },
  { key: 'copyright', label: mediaTexts.columnCopyright, cell: (row) => row.copyright || '–' },
  { key: 'created', label: mediaTexts.columnCreated, cell: (row) => formatBerlin(row.created_at) },
];

export function MediaListPage() {
  const { location } = useHub();
  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={mediaTexts.title} />
        <Link className="kfe-button" to={hubPaths.sectionNew(mediaKey)}>
          {mediaTexts.upload}
        </Link>
      </div>
      <ActionMessages ok={flashMessage(location.state)} />
      <ResourceList<MediaRow>
        title={mediaTexts.listTitle}
        path={(query) => hubPaths.section(mediaKey, query)}
        searchHint={mediaTexts.searchHint}
        filters={[]}
        columns={columns()}
        read={(params, signal) => mediaApi.list(params, signal)}
        resultCount={mediaTexts.resultCount}
        empty={mediaTexts.empty}
      />
    </>
  );
}
