import { previewUrl } from './media-api';
import { altDe, ALT_MAX } from './media-values';

describe('media form values', () => {
  it('requires a German alt text of at most ALT_MAX characters, counted without outer spaces', () => {
    expect(altDe('')).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(altDe('   ')).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(altDe(undefined)).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(altDe(`  ${'a'.repeat(ALT_MAX)}  `)).toBeUndefined();
    expect(altDe('a'.repeat(ALT_MAX + 1))).toBe(`Höchstens ${ALT_MAX} Zeichen (jetzt ${ALT_MAX + 1}).`);
  });

  it('gives previews an address that changes with the file, so a replaced image is not taken from the cache', () => {
    expect(previewUrl({ id: 7, filename: 'saal-1a2b3c4d.jpg' }, 320)).toBe('/media/7/320.webp?v=saal-1a2b3c4d.jpg');
    expect(previewUrl({ id: 7, filename: 'neu-99887766.png' }, 320)).not.toBe(previewUrl({ id: 7, filename: 'saal-1a2b3c4d.jpg' }, 320));
  });
});
