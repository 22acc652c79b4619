/**
 * A hostile directory for the XSS end-to-end test: a tiny real HTTP server on 127.0.0.1 that
 * answers the directory API paths the app calls with one actor whose every free-text field, link
 * and showreel carries an XSS corpus. The payload is otherwise valid (contract/directory-api.ts),
 * so the app accepts, caches and shows it. Everything else (crew, casting calls, attributes) is
 * empty. Requests without the expected key get 401, as a real directory would answer.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Links a user may open: the only URLs that may ever reach the external opener. */
export const legitimateUrls = [
  'https://legit.example/about',
  'https://example.org/portfolio?x=1&y=2',
  'https://legit.example/wiki/Hostile_Actor',
  'https://legit.example/cd/actors/1',
  'https://www.youtube.com/watch?v=legit123',
] as const;

const alertBase64 = Buffer.from('<script>alert(1)</script>').toString('base64');

/** The corpus: classic, filter-evasion and mutation XSS, in HTML and as bare values. */
export const xssCorpus = {
  img: '<img src=x onerror=alert(1)>',
  svgScript: '<svg><script>alert(1)</script></svg>',
  svgOnload: '<svg onload=alert(1)>',
  javascriptUrl: 'javascript:alert(1)',
  tabbedJavascriptUrl: 'jav\tascript:alert(1)',
  dataHtmlUrl: `data:text/html;base64,${alertBase64}`,
  scriptTag: '<script>alert(1)</script>',
};

/**
 * about_me_html: every way we know to sneak script or a dangerous link through a sanitizer, and
 * two legitimate https links a user may click.
 */
export const hostileAboutMeHtml = [
  '<p>Hello, I am <b>hostile</b> but my <a href="https://legit.example/about">about page</a> is fine.</p>',
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<p><a href="javascript:alert(1)">javascript link</a></p>',
  '<p><a href="jav&#x09;ascript:alert(1)">javascript link with a tab entity</a></p>',
  '<p><a href=" JaVaScRiPt:alert(1)">javascript link, mixed case and a space</a></p>',
  `<p><a href="data:text/html;base64,${alertBase64}">data link</a></p>`,
  '<p><a href="vbscript:msgbox(1)">vbscript link</a></p>',
  '<p><a href="http://insecure.example/">plain http link</a></p>',
  '<p><a href="//evil.example/x">protocol-relative link</a></p>',
  '<p><a href="https://legit.example/about" onclick="alert(1)" onmouseover="alert(1)">legit link with handlers</a></p>',
  '<p><a href="https://example.org/portfolio?x=1&amp;y=2">Portfolio</a></p>',
  '<p>Bye.</p>',
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  '<iframe src="javascript:alert(1)"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">submit</button><input type="submit"></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)><summary>details</summary></details>',
  '<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)></audio>',
  '<div onclick="alert(1)" style="background:url(javascript:alert(1))">div with a handler</div>',
  '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  // Last: parsed with scripting off (as a sanitizer parses), an unclosable <noscript> holds the rest.
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
].join('\n');

/** A 1×1 PNG: the one picture, served by this directory like real media. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const updatedAt = '2026-01-15T10:00:00.000+00:00';

function hostileActor(baseUrl: string) {
  const picture = (id: number, position: number) => ({
    id,
    copyright: `${xssCorpus.img}© ${xssCorpus.scriptTag} Studio`,
    url: `${baseUrl}/media/${id}.png`,
    versions: { original: `${baseUrl}/media/${id}.png`, large: `${baseUrl}/media/${id}.png`, thumb: `${baseUrl}/media/${id}.png`, thumb_large: `${baseUrl}/media/${id}.png` },
    orientation: 'square',
    dimensions: [1, 1],
    position,
    landscape_position: position,
    portrait_position: position,
    main_picture: position === 1,
    main_picture_portrait: position === 1,
  });
  return {
    id: 1,
    first_name: xssCorpus.img,
    last_name: xssCorpus.svgScript,
    name: `${xssCorpus.img} ${xssCorpus.svgScript}`,
    service_url: xssCorpus.javascriptUrl,
    service_cd_url: 'https://legit.example/cd/actors/1',
    acting_age_from: 20,
    acting_age_to: 30,
    age: 25,
    height: 180,
    homepage_url: xssCorpus.javascriptUrl,
    filmdb_link: xssCorpus.tabbedJavascriptUrl,
    filmdb_id: xssCorpus.img,
    social_page: xssCorpus.dataHtmlUrl,
    photo_social_username: xssCorpus.svgOnload,
    sv_url: 'https://user:secret@legit.example/sv',
    encyclopedia_url: 'https://legit.example/wiki/Hostile_Actor',
    agency_profile_url: 'file:///etc/passwd',
    talent_agency_id: 1,
    representative: { id: 1, name: xssCorpus.img },
    profile_visibility: 'public',
    talent_agency_connections: [
      {
        talent_agency_id: 1,
        talent_agency_employee_id: 1,
        agency_profile_url: 'javascript:alert(2)',
        talent_agency_name: xssCorpus.svgScript,
        categories: [xssCorpus.img],
        regions: [xssCorpus.scriptTag],
        connection_type: 'primary_agency',
      },
    ],
    updated_at: updatedAt,
    place_of_birth: xssCorpus.svgOnload,
    city: xssCorpus.img,
    gender: 'f',
    gender_new: 'female',
    gender_description: xssCorpus.img,
    gender_searchability: ['female'],
    nationalities: ['DE'],
    languages: { deu: 'muttersprachlich', [xssCorpus.img]: xssCorpus.scriptTag },
    dialects: { [xssCorpus.img]: 'basic' },
    sports: [xssCorpus.svgOnload],
    special_skills: { '<b>1</b>': xssCorpus.img },
    main_profession: 'actor',
    specializations: [xssCorpus.img],
    about_me: `${xssCorpus.scriptTag} plain text about me ${xssCorpus.img}`,
    about_me_html: hostileAboutMeHtml,
    locations: [{ name: xssCorpus.img, type: 'place', country: 'DE' }],
    pictures: [picture(11, 1), picture(12, 2)],
    external_showreel: xssCorpus.javascriptUrl,
    external_showreels: [xssCorpus.javascriptUrl, xssCorpus.dataHtmlUrl, 'data:video/mp4;base64,AAAA', 'https://www.youtube.com/watch?v=legit123'],
    showreels: [
      { name: xssCorpus.img, url: xssCorpus.javascriptUrl, type: 'video' },
      { name: xssCorpus.svgScript, url: 'data:audio/wav;base64,UklGRg==', type: 'audio' },
      { name: 'vbscript', url: 'vbscript:msgbox(1)', type: 'video' },
    ],
    vita: {
      film: [
        {
          name: xssCorpus.scriptTag,
          info: xssCorpus.img,
          year_from: 2020,
          year_to: 2021,
          role: '<a href="javascript:alert(1)">role</a>',
          director: xssCorpus.svgOnload,
          picture: { url: xssCorpus.javascriptUrl },
        },
      ],
      award: [{ name: xssCorpus.img, info: xssCorpus.dataHtmlUrl, year_from: 2019, year_to: 2019, award_nominated: true }],
      primary_education: [{ name: xssCorpus.svgScript, info: xssCorpus.img }],
    },
  };
}

function listItem(actor: ReturnType<typeof hostileActor>, baseUrl: string) {
  return {
    id: actor.id,
    name: actor.name,
    first_name: actor.first_name,
    last_name: actor.last_name,
    gender: actor.gender,
    gender_new: actor.gender_new,
    age: actor.age,
    main_profession: actor.main_profession,
    professions: [xssCorpus.img],
    languages: actor.languages,
    representative: actor.representative,
    updated_at: updatedAt,
    main_picture_url_tile: `${baseUrl}/media/11.png`,
    picture_url: `${baseUrl}/media/11.png`,
    picture_copyright: actor.pictures[0]!.copyright,
  };
}

export interface HostileDirectory {
  baseUrl: string;
  key: string;
  /** Every request as `METHOD path?query`, in order. */
  requests: string[];
  stop(): Promise<void>;
}

/** Starts the hostile directory on a free loopback port. */
export async function startHostileDirectory(key = 'hostile-key-0123456789'): Promise<HostileDirectory> {
  const requests: string[] = [];
  let baseUrl = '';

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
    response.end(text);
  };
  const sendList = (response: ServerResponse, url: URL, items: unknown[]) => {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const perPage = Math.max(1, Number(url.searchParams.get('per_page') ?? 250) || 250);
    const shown = page === 1 ? items : [];
    const first = new URL(url);
    first.searchParams.set('page', '1');
    send(response, 200, shown, {
      Link: `<${first.href}>; rel="first", <${first.href}>; rel="last"`,
      Total: String(items.length),
      'Per-Page': String(perPage),
    });
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', baseUrl);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.method !== 'GET') return send(response, 405, { error: 'method not allowed' });
    const media = /^\/media\/(\d+)\.png$/.exec(url.pathname);
    if (media) {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
      return response.end(png);
    }
    if (request.headers.authorization !== `Token token=${key}`) return send(response, 401, { error: 'unauthorized' });
    const actor = hostileActor(baseUrl);
    if (url.pathname === '/api/v1/actor_profiles') return sendList(response, url, [listItem(actor, baseUrl)]);
    if (url.pathname === `/api/v1/actor_profiles/${actor.id}`) return send(response, 200, actor);
    if (url.pathname === '/api/v1/crew_profiles' || url.pathname === '/api/v1/casting_calls') return sendList(response, url, []);
    if (url.pathname === '/api/v1/attributes') return send(response, 200, []);
    if (url.pathname.startsWith('/api/v1/attributes/')) return send(response, 200, {});
    return send(response, 404, { error: 'not found' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    key,
    requests,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
