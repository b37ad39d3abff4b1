import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusedFiles, sampleFiles, storedZip } from '../../test/upload-fixtures';
import { bufferSource, fileSource, sniffUpload } from './sniff-upload';

describe('sniffUpload', () => {
  it('tells each allowed kind by its content', async () => {
    const files = await sampleFiles();
    for (const [kind, content] of Object.entries(files)) {
      expect(await sniffUpload(bufferSource(content))).toBe(kind);
    }
  });

  it('refuses text, HTML, executables, archives that are no document and other OpenDocument types', async () => {
    for (const content of Object.values(refusedFiles)) expect(await sniffUpload(bufferSource(content))).toBeUndefined();
    expect(await sniffUpload(bufferSource(Buffer.alloc(0)))).toBeUndefined();
  });

  it('wants the word document itself in a DOCX, not just any Office archive', async () => {
    const spreadsheet = storedZip([['[Content_Types].xml', '<Types/>'], ['xl/workbook.xml', '<workbook/>']]);
    expect(await sniffUpload(bufferSource(spreadsheet))).toBeUndefined();
  });

  it('finds the ZIP directory behind a long archive comment and refuses a truncated one', async () => {
    const { docx } = await sampleFiles();
    const comment = Buffer.alloc(3000, 0x20);
    const commented = Buffer.concat([docx.subarray(0, docx.length - 2), Buffer.from([comment.length & 0xff, comment.length >> 8]), comment]);
    expect(await sniffUpload(bufferSource(commented))).toBe('docx');
    expect(await sniffUpload(bufferSource(docx.subarray(0, docx.length - 40)))).toBeUndefined();
  });

  it('reads files through a file handle as it does buffers', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-sniff-'));
    try {
      const { odt } = await sampleFiles();
      const file = path.join(dir, 'letter');
      await fs.writeFile(file, odt);
      const handle = await fs.open(file, 'r');
      try {
        expect(await sniffUpload(fileSource(handle, odt.length))).toBe('odt');
      } finally {
        await handle.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
