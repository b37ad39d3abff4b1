import { titleOfSave } from './save-titles';

describe('titleOfSave', () => {
  it('names the editor calls in words, with the language and the author', () => {
    expect(titleOfSave('POST', '/de/pageeditor-api/container/12/modules/34/', 'redaktion')).toBe('Module 34 changed in container 12 (de) by redaktion');
    expect(titleOfSave('DELETE', '/en/pageeditor-api/container/12/modules/34/?version=7')).toBe('Module 34 deleted from container 12 (en)');
    expect(titleOfSave('POST', '/de/pageeditor-api/container/12/modules/')).toBe('Module added to container 12 (de)');
    expect(titleOfSave('POST', '/de/pageeditor-api/container/12/order/')).toBe('Modules reordered in container 12 (de)');
    expect(titleOfSave('POST', '/de/pageeditor-api/container/12/modules/34/move/')).toBe('Module 34 moved from container 12 (de)');
    expect(titleOfSave('POST', '/de/pageeditor-api/container/12/restore/')).toBe('Container 12 restored (de)');
    expect(titleOfSave('POST', '/de/pageeditor-api/container/12/')).toBe('Container 12 changed (de)');
    expect(titleOfSave('POST', '/de/pageeditor-api/container/')).toBe('Container created (de)');
    expect(titleOfSave('POST', '/de/pageeditor-api/page/5/versions/9/restore/')).toBe('Page 5 restored to version 9 (de)');
  });

  it('falls back to method and path for other staff writes, and stays short', () => {
    expect(titleOfSave('PUT', '/de/pageeditor-api/something/else/')).toBe('PUT something/else (de)');
    expect(titleOfSave('POST', '/hub/api/pages/3')).toBe('POST /hub/api/pages/3');
    expect(titleOfSave('POST', `/de/pageeditor-api/${'x'.repeat(400)}/`).length).toBe(200);
  });
});
