import { requiredNode, toContainer, type ContainerNode } from './page-data';
import { toEvent, type EventNode } from './programme-data';

// The node helpers' files also hold the templates' fragments, which only Gatsby's build turns into queries.
jest.mock('gatsby', () => ({ graphql: () => '' }));

const headline = { id: 7, column: 0, position: 0, anchor: '', type: 'headline', headline_level: 2, preline: '', content: 'Saison', subline: '' };

const containerNode = (columns: unknown): ContainerNode => ({
  kf_id: 3,
  slug: 'intro',
  kf_parent: 'page',
  content_type: 'page',
  object_id: 12,
  locale: 'en',
  layout: 0,
  version: 4,
  columns: columns as ContainerNode['columns'],
});

describe('toContainer', () => {
  test('columns the contract allows become the container the renderer takes', () => {
    expect(toContainer(containerNode([{ classes: 'col-12', children: [headline] }]))).toEqual({
      id: 3,
      slug: 'intro',
      parent: 'page',
      content_type: 'page',
      object_id: 12,
      locale: 'en',
      layout: 0,
      version: 4,
      model: 'container',
      columns: [{ classes: 'col-12', children: [headline] }],
    });
  });

  test('columns the contract refuses stop the build, naming the container', () => {
    expect(() => toContainer(containerNode({ classes: 'col-12' }))).toThrow(/^Container 3 \(page 12, en\)/);
    expect(() => toContainer(containerNode([{ classes: 'col-12', children: [{ ...headline, type: 'marquee' }] }]))).toThrow(
      /do not match the contract's container schema/,
    );
  });
});

describe('requiredNode', () => {
  test('a node is passed on; a missing one stops the build, naming the page', () => {
    expect(requiredNode({ kf_id: 1 }, 'page', '/en/about')).toEqual({ kf_id: 1 });
    expect(() => requiredNode(null, 'page', '/en/about')).toThrow('/en/about: the page this page was created for is missing');
  });
});

describe('toEvent', () => {
  const node: EventNode = {
    kf_id: 5,
    locale: 'de',
    slug: 'auftakt',
    url: '/de/programm/auftakt/5',
    title: 'Auftakt',
    subtitle: '',
    start: '2026-12-01T19:00:00.000Z',
    end: null,
    status: 'sold_out',
    postponed_to: null,
    ticket_url: '',
    is_online: true,
    created_at: null,
    urls: { de: '/de/programm/auftakt/5', en: '/en/events/opening/5' },
    venue: null,
    performers: [{ name: 'Quartett', role: '' }],
    works: [],
    image: null,
    price_categories: [],
    subscriptions: [],
  };

  test('a node becomes the events call’s event, with its status and empty timestamps for fields not queried', () => {
    const event = toEvent(node);
    expect(event).toMatchObject({ id: 5, status: 'sold_out', created_at: '', updated_at: '', performers: [{ name: 'Quartett', role: '' }] });
    expect(event).not.toHaveProperty('kf_id');
  });

  test('a status the contract does not know stops the build, naming the event', () => {
    expect(() => toEvent({ ...node, status: 'rescheduled' })).toThrow('Event 5 (de): status "rescheduled" is not one of the contract\'s');
    expect(() => toEvent({ ...node, status: 'toString' })).toThrow(/not one of the contract's/);
  });
});
