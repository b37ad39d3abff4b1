import { previewAddress, previewApiPath, previewTokenOf } from './preview-links';

describe('preview link addresses (ADR 084)', () => {
  it('reads the language and token back from the address a link opens', () => {
    const token = '12.1767225600.abc_DEF-123';
    expect(previewAddress('de', token)).toBe(`/de/vorschau/${token}/`);
    expect(previewAddress('en', token)).toBe(`/en/preview/${token}/`);
    expect(previewTokenOf(previewAddress('de', token))).toEqual({ locale: 'de', token });
    expect(previewTokenOf(`/en/preview/${token}`)).toEqual({ locale: 'en', token });
    expect(previewApiPath('en', token)).toBe(`/en/api/preview/${token}/`);
  });

  it('finds no token in the bare address, below it, or under the other language’s word', () => {
    for (const path of ['/de/vorschau', '/de/vorschau/', '/de/vorschau/a/b', '/en/vorschau/x', '/de/preview/x', '/de/vorschaux/x', '/de']) {
      expect({ path, found: previewTokenOf(path) }).toEqual({ path, found: undefined });
    }
  });
});
