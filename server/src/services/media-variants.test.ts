import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storeFileAtomically, variantPath } from './media-variants';

describe('media files shared by several servers (ADR 051)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-media-files-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('stores a file whole under its name, leaves no temporary file, and never overwrites one', async () => {
    const target = path.join(dir, 'media', 'photo-1a2b3c4d.jpg');
    await storeFileAtomically(target, Buffer.from('first'));
    expect(await fs.readFile(target, 'utf8')).toBe('first');
    await expect(storeFileAtomically(target, Buffer.from('second'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await fs.readFile(target, 'utf8')).toBe('first');
    expect(await fs.readdir(path.dirname(target))).toEqual(['photo-1a2b3c4d.jpg']);
  });

  it("keeps a media's variants apart per original, so a replaced image's variants are never the new one's", () => {
    const before = variantPath(dir, { id: 7, filename: 'hall-00000001.jpg' }, 320, 'webp');
    const after = variantPath(dir, { id: 7, filename: 'hall-00000002.png' }, 320, 'webp');
    expect(before).toBe(path.join(dir, 'media-cache', '7', 'hall-00000001', '320.webp'));
    expect(path.dirname(after)).not.toBe(path.dirname(before));
    // Both under the media's own folder, which goes whole when the media is replaced or deleted.
    expect(path.dirname(path.dirname(after))).toBe(path.join(dir, 'media-cache', '7'));
  });
});
