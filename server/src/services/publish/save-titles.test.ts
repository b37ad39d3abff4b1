import { describeSave, titleOfSave } from './save-titles';

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

describe('describeSave', () => {
  it('gives the editor calls and the hub record calls as data, with language and author', () => {
    expect(describeSave('POST', '/de/pageeditor-api/container/12/order/', 'redaktion')).toEqual({ action: 'modules_reordered', container: 12, locale: 'de', by: 'redaktion' });
    expect(describeSave('POST', '/de/pageeditor-api/hub/ticket-ads/3/approve/', 'redaktion')).toEqual({
      action: 'record_action',
      section: 'ticket-ads',
      id: 3,
      verb: 'approve',
      locale: 'de',
      by: 'redaktion',
    });
    expect(describeSave('DELETE', '/en/pageeditor-api/hub/events/7/')).toEqual({ action: 'record_deleted', section: 'events', id: 7, locale: 'en' });
    expect(describeSave('POST', '/de/pageeditor-api/hub/categories/')).toEqual({ action: 'record_created', section: 'categories', locale: 'de' });
    expect(describeSave('POST', '/de/pageeditor-api/page/5/versions/9/restore/')).toEqual({ action: 'page_restored', page: 5, version: 9, locale: 'de' });
  });

  it('names any other staff write by its path, and nothing outside the staff API', () => {
    expect(describeSave('PUT', '/de/pageeditor-api/something/else/')).toEqual({ action: 'other', path: 'PUT something/else', locale: 'de' });
    expect(describeSave('POST', '/hub/api/pages/3')).toBeUndefined();
  });
});
