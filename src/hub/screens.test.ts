import { adminMenusFor } from '../../contract/admin-menus';
import { hubRoute } from './routes';
import { sectionScreens } from './screens';

describe('hub sections', () => {
  // Sections that came first and have routes of their own in ./routes.ts.
  const ownRoutes = ['events', 'ticket-ads', 'form-entries', 'newsletter'];

  it.each(adminMenusFor('admin', 'de').map((menu) => [menu.key, menu.url] as const))('%s (%s) has a screen', (key, url) => {
    const route = hubRoute(url);
    if (ownRoutes.includes(key)) expect(route.name).not.toMatch(/^section|not-found/);
    else {
      expect(route).toEqual({ name: 'section', key });
      expect(sectionScreens[key]?.list).toEqual(expect.any(Function));
    }
  });

  it('draws no section the menus do not list', () => {
    const keys = adminMenusFor('admin', 'de').map((menu) => menu.key);
    expect(Object.keys(sectionScreens).filter((key) => !keys.includes(key))).toEqual([]);
  });
});
