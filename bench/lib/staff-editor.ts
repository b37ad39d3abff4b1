/**
 * The seeded editor as benchmarks use them: logged in over HTTP as the editor's browser does, and a headline
 * module of a German page to save (bench:publish, bench:backup).
 */
import type { Db } from '../../server/src/db/database';

const editor = { login: 'redaktion@konzertfreunde.example', password: 'konzert-redaktion' };

export interface HeadlineTarget {
  pagePath: string;
  containerId: number;
  moduleId: number;
}

/** The headline module of a German page: the given one's, else the first content page's that has one. */
export async function findHeadline(db: Db, pageId: number | undefined): Promise<HeadlineTarget> {
  let query = db
    .selectFrom('module')
    .innerJoin('container', 'container.id', 'module.container_id')
    .innerJoin('page_translation', (join) =>
      join.onRef('page_translation.page_id', '=', 'container.object_id').onRef('page_translation.locale', '=', 'container.locale'),
    )
    .select(['module.id as moduleId', 'container.id as containerId', 'page_translation.path as pagePath'])
    .where('container.content_type', '=', 'page')
    .where('container.locale', '=', 'de')
    .where('module.type', '=', 'headline')
    .where('page_translation.path', '!=', '/de');
  if (pageId !== undefined) query = query.where('container.object_id', '=', pageId);
  const row = await query.orderBy('page_translation.path').orderBy('module.id').executeTakeFirst();
  if (!row) throw new Error('No German page with a headline module to edit');
  return { pagePath: row.pagePath, containerId: row.containerId, moduleId: row.moduleId };
}

export async function containerVersion(db: Db, id: number) {
  const row = await db.selectFrom('container').select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return row.version;
}

/** Logs the seeded editor in as the editor does: CSRF cookie first, then the login with the header. */
export async function logIn(url: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrftoken': cookies.get('csrftoken') ?? '',
    origin: url,
  });
  keep(await fetch(`${url}/de/api/csrf/`));
  const login = await fetch(`${url}/de/pageeditor-api/login/`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify(editor),
  });
  if (login.status !== 200) throw new Error(`Login answered ${login.status}: ${await login.text()}`);
  keep(login);
  if (!cookies.has('kf_session')) throw new Error('Login set no kf_session cookie');
  return headers();
}
