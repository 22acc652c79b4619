/**
 * Picture file names are unique (issue 12): clients tell pictures apart by file name, and the
 * provider's names are unique, so no two pictures on a list page, and no two versions of any
 * picture, may share one (every file used to be `original.png`, `thumb.png`…). The shared fixture
 * has one profile with pictures on the service's media host, so a page of it would prove nothing:
 * this runs on demo data, whose files are named `<id>-<look>-<version>.png`, with full pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';
import { createTestDatabase, type TestDatabase } from './support/postgres.ts';
import { START_TIMEOUT } from './support/service.ts';

let directory: RunningDirectory;
let database: TestDatabase | undefined;
let key: string;

beforeAll(async () => {
  // The conformance-postgres project runs this again on a PostgreSQL server.
  const serverUrl = process.env.CONFORMANCE_DATABASE_URL;
  database = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  const demo = { actors: 400, crew: 80, castingCalls: 3, seed: 12 };
  directory = await startDirectory({ host: '127.0.0.1', port: 0, rateLimit: false, demo, databaseUrl: database?.url });
  // The casting professional's key sees every agency's profiles.
  key = directory.keys.find((printed) => printed.key.startsWith('demo-casting-pro-'))!.key;
}, START_TIMEOUT);
afterAll(async () => {
  await directory?.close();
  await database?.drop();
});

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${directory.baseUrl}${path}`, { headers: { authorization: `Token token=${key}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const fileName = (url: string): string => new URL(url).pathname.split('/').pop()!;

/** The picture id in the path, the id named in the file, and the version in the file. */
function parts(url: string): { directoryId: string; fileId: string; version: string } {
  const match = /\/media\/pictures\/(\d+)\/(\d+)-[0-9a-f]{12}-([a-z_]+)\.png$/.exec(new URL(url).pathname);
  expect(match, url).not.toBeNull();
  return { directoryId: match![1]!, fileId: match![2]!, version: match![3]! };
}

/** Every value that occurs more than once. */
const repeated = (values: string[]): string[] => [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];

interface ListItem {
  id: number;
  main_picture_url_tile: string | null;
  picture_url: string | null;
}

describe.each(['actor_profiles', 'crew_profiles'])('a %s list page', (resource) => {
  it('names every picture file of the page differently, the tile and the chosen version of one picture included', async () => {
    const items = await get<ListItem[]>(`/api/v1/${resource}?per_page=250&include_picture=true&picture_version=large`);
    const withPicture = items.filter((item) => item.main_picture_url_tile !== null);
    // a full page, most of it with pictures: the case compares many names
    expect(items.length).toBeGreaterThanOrEqual(resource === 'actor_profiles' ? 250 : 60);
    expect(withPicture.length).toBeGreaterThan(items.length * 0.8);
    const names = withPicture.flatMap((item) => [fileName(item.main_picture_url_tile!), fileName(item.picture_url!)]);
    expect(repeated(names)).toEqual([]);
    for (const item of withPicture) {
      const tile = parts(item.main_picture_url_tile!);
      const chosen = parts(item.picture_url!);
      expect(tile).toMatchObject({ fileId: tile.directoryId, version: 'thumb' });
      expect(chosen).toMatchObject({ directoryId: tile.directoryId, fileId: tile.directoryId, version: 'large' });
    }
  });
});

describe('profile details', () => {
  it('name every version of every picture of a page of profiles differently, and the names are served', async () => {
    const items = await get<ListItem[]>('/api/v1/actor_profiles?per_page=40');
    const urls: string[] = [];
    for (const { id } of items) {
      const detail = await get<{ pictures: { url: string; versions: Record<string, string> }[] }>(`/api/v1/actor_profiles/${id}`);
      for (const picture of detail.pictures) urls.push(...new Set([picture.url, ...Object.values(picture.versions)]));
    }
    expect(urls.length).toBeGreaterThan(40 * 4);
    expect(repeated(urls.map(fileName))).toEqual([]);
    const image = await fetch(urls[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});
