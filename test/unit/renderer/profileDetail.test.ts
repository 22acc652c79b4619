import 'fake-indexeddb/auto';
import { flushPromises, mount, type DOMWrapper, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unknownOriginOf } from '../../../renderer/src/db/directoryOrigin.ts';
import { readProfile } from '../../../renderer/src/db/libraryWrites.ts';
import { openConnectionLibrary } from './libraryFixture.ts';
import { defineComponent, h } from 'vue';
import { RouterView } from 'vue-router';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ActorListItem, CrewDetail, CrewListItem, Picture } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { orderPictures } from '../../../renderer/src/media/galleryOrder.ts';
import { profileLinks, shortAddress, withWebScheme } from '../../../renderer/src/components/profile/profileLinks.ts';
import { showreelPlayback } from '../../../renderer/src/media/showreelPlayback.ts';
import { educationPeriod, isAutodidact, qualificationText, sortVitaEntries } from '../../../renderer/src/components/profile/vitaEntries.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { fakeBridge } from './fakeBridge.ts';

/** Waits for the library, the sync and the view to get there; generous, as test files share two cores. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const base = 'http://127.0.0.1:40000';
const updatedAt = '2026-01-10T10:00:00.000+00:00';

// ---- a directory double: lists, details, labels and the external-link channel ----

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

interface DirectoryOptions {
  actors?: ActorListItem[];
  actorDetails?: Record<number, ActorDetail | Answer>;
  crew?: CrewListItem[];
  crewDetails?: Record<number, CrewDetail | Answer>;
  /** Every directory call answers this error (e.g. network) instead. */
  failWith?: { code: string; message: string };
}

const catalogues: Record<string, Record<string, string>> = {
  languages: { deu: 'German', eng: 'English' },
  language_levels: { muttersprachlich: 'Native', fliessend: 'Fluent' },
  skill_levels: { good: 'Good', professional: 'Professional' },
  gender_new: { custom: 'Self-described', female: 'Female' },
  genders: { m: 'Male', f: 'Female' },
  connection_types: { primary_agency: 'Primary agency', secondary_agency: 'Secondary agency' },
  agency_categories: { acting_agency: 'Acting agency', voice_agency: 'Voice agency' },
  regions: { dach: 'DACH region', germany: 'Germany region' },
  qualifications: { state_certified_actor: 'State-certified actor', diploma: 'Diploma (catalogue)' },
  role_types: { leading: 'Leading role' },
  theater_engagement_types: { guest: 'Guest engagement' },
  television_genres: { series: 'Series (catalogue)' },
  main_professions: { actor: 'Actor' },
  specializations: { sprecher: 'Voice actor' },
  dances: { tap: 'Tap dance' },
  sports: { fencing: 'Fencing' },
  working_permits: { eu: 'European Union' },
  crew_professions: { regie: 'Director', autor: 'Writer' },
  countries: { DE: 'Germany', FR: 'France' },
};

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'ok' in value;
}

function directory(options: DirectoryOptions) {
  const state = { failWith: options.failWith };
  const page = (items: unknown[]) => ({ ok: true, value: { items, total: items.length, page: 1, perPage: 1000, nextPage: null } });
  const answer = <T>(make: () => T) => (state.failWith ? { ok: false, error: state.failWith } : make());
  const detail = (details: Record<number, unknown> | undefined, id: number) =>
    answer(() => {
      const found = details?.[id];
      if (found === undefined) return { ok: false, error: { code: 'not_found', message: 'HTTP 404' } };
      return isAnswer(found) ? found : { ok: true, value: found };
    });
  const fake = fakeBridge({
    listActors: () => answer(() => page(options.actors ?? [])),
    listCrew: () => answer(() => page(options.crew ?? [])),
    listCastingCalls: () => answer(() => page([])),
    getActor: (args: { id: number }) => detail(options.actorDetails, args.id),
    getCrew: (args: { id: number }) => detail(options.crewDetails, args.id),
    prefetchMedia: (args: { urls: string[] }) => ({ ok: true, value: { cached: args.urls, failed: [] } }),
    getSyncMemory: () => ({ ok: true, value: { completedFullSyncAt: null } }),
    setSyncMemory: () => ({ ok: true, value: {} }),
    listAttributes: () => ({ ok: true, value: Object.keys(catalogues) }),
    getAttribute: (args: { name: string }) => ({ ok: true, value: catalogues[args.name] ?? {} }),
    openExternal: () => ({ ok: true, value: { opened: true } }),
  });
  return { ...fake, state };
}

// ---- mounting a route's view on a fresh library ----

let connectionCounter = 0;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
  document.body.innerHTML = '';
});

/** What App.vue renders of a route: its view alone. */
const RouteRoot = defineComponent({ render: () => h(RouterView) });

/** The app's router, at `path`. */
async function routerAt(path: string) {
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  return router;
}

/** The view of `path` (through the app's router), its stores on a fake directory; `activate: false` leaves the library closed. */
async function mountView(path: string, options: DirectoryOptions, settings: { locale?: 'en' | 'de'; activate?: boolean } = {}) {
  connectionCounter += 1;
  const connectionId = `p-${Date.now().toString(36)}-${connectionCounter}`;
  const fake = directory(options);
  const router = await routerAt(path);
  pinia = createPinia();
  wrapper = mount(RouteRoot, {
    global: { plugins: [pinia, createCastdeskI18n(settings.locale ?? 'en'), router], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  const sync = useSyncStore(pinia);
  if (settings.activate !== false) await sync.activate(connectionId);
  await flushPromises();
  return { view: wrapper, directory: fake, sync, router, connectionId };
}

/** The media cache address of `url` (its fallback versions, `f=`, may follow). */
function media(connectionId: string, url: string): RegExp {
  const escaped = `/media-cache?c=${connectionId}&u=${encodeURIComponent(url)}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(&|$)`);
}

function externalOpens(fake: ReturnType<typeof directory>): unknown[] {
  return fake.calls.filter((call) => call.channel === 'openExternal').map((call) => (call.args as { url: string }).url);
}

function texts(elements: DOMWrapper<Element>[]): string[] {
  return elements.map((element) => element.text());
}

// ---- profiles ----

function picture(id: number, landscape: number, portrait: number, copyright: string | null): Picture {
  const version = (name: string) => `${base}/media/1/${id}/${name}.png`;
  return {
    id,
    copyright,
    url: version('original'),
    versions: { original: version('original'), large: version('large'), thumb: version('thumb'), thumb_large: version('thumb_large') },
    orientation: 'portrait',
    dimensions: [600, 800],
    position: landscape,
    landscape_position: landscape,
    portrait_position: portrait,
    main_picture: landscape === 1,
    main_picture_portrait: portrait === 1,
  };
}

const zoeItem: ActorListItem = {
  id: 1,
  name: 'Zoe Zander',
  first_name: 'Zoe',
  last_name: 'Zander',
  gender: 'f',
  updated_at: updatedAt,
  languages: { deu: 'muttersprachlich' },
  main_picture_url_tile: `${base}/media/1/tile.png`,
};

function zoeDetail(): ActorDetail {
  return {
    id: 1,
    name: 'Zoe Zander',
    first_name: 'Zoe',
    last_name: 'Zander',
    updated_at: updatedAt,
    acting_age_from: 20,
    acting_age_to: 30,
    age: 27,
    year_of_birth: 1998,
    height: 171,
    gender: 'f',
    gender_new: 'custom',
    gender_description: 'genderfluid',
    attribute_visibility: { age: 'public', acting_age: 'private', gender: 'public', ethnic_appearances: 'public', figures: 'public', working_permits: 'private' },
    main_profession: 'actor',
    specializations: ['sprecher'],
    nationalities: ['DE', 'FR'],
    languages: { deu: 'muttersprachlich', eng: 'fliessend' },
    dances: { tap: 'professional' },
    sports: ['fencing'],
    working_permits: ['eu'],
    talent_agency_connections: [
      { talent_agency_id: 8, talent_agency_name: 'Voices Süd', categories: ['voice_agency'], regions: [], connection_type: 'secondary_agency', agency_profile_url: 'javascript:alert(1)' },
      { talent_agency_id: 7, talent_agency_name: 'Agentur Nord', categories: ['acting_agency'], regions: ['dach', 'germany'], connection_type: 'primary_agency', agency_profile_url: 'https://agentur-nord.example/zoe' },
    ],
    // The array follows the landscape order; the portrait order differs.
    pictures: [picture(11, 1, 3, 'Studio Nord'), picture(12, 2, 1, ''), picture(13, 3, 2, 'Jo Photo')],
    showreels: [
      { name: 'Voice demo', url: `${base}/media/showreels/5.wav`, type: 'audio' },
      { name: 'Drama reel', url: 'https://www.youtube.com/watch?v=abcdefghijk', type: 'video' },
      { name: 'Clip', url: 'https://cdn.example.com/reels/clip.mp4', type: 'video' },
    ],
    external_showreels: ['https://vimeo.com/123456789', 'javascript:alert(1)'],
    about_me_html: '<h1>Hello</h1><p>I am <b>Zoe</b><img src=x onerror="alert(1)">. <a href="https://zoe.example/">My website</a> <a href="javascript:alert(1)">Trick</a></p>',
    about_me: 'I am Zoe.',
    homepage_url: 'https://zoe.example/',
    agency_profile_url: 'https://agentur-nord.example/zoe',
    filmdb_link: 'https://filmdb.example/name/nm1',
    social_page: 'zoe-zander-page',
    photo_social_username: 'zoe_z',
    vita: {
      primary_education: [
        { name: 'Self study', info: 'Workshops with many teachers' },
        { name: 'Schauspielschule Berlin', info: null, month_from: 3, year_from: 2015, month_to: null, year_to: 2018, qualification: 'state_certified_actor' },
      ],
      education: [
        { name: 'Camera workshop', info: null, month_from: null, year_from: 2019, month_to: null, year_to: 2019, qualification: { key: 'diploma', translation: 'Diplom' } },
        { name: 'Voice class', info: null, month_from: 1, year_from: 2020, month_to: 6, year_to: 2020, qualification: 'Staatlich geprüft' },
      ],
      award: [
        { name: 'Best newcomer', year_from: 2021, year_to: 2021, award_nominated: true },
        { name: 'Audience award', year_from: 2022, year_to: 2022, award_nominated: false },
      ],
      film: [
        { name: 'Old film', year_from: 2010, year_to: 2010, role: 'Girl' },
        { name: 'Upcoming film', year_from: null, year_to: null, in_development: true },
        { name: 'New film', year_from: 2020, year_to: 2021, role: 'Anna', role_type: 'leading', director: 'Mia Regie' },
      ],
      theatre: [{ name: 'Hamlet', year_from: 2019, year_to: 2019, role: 'Ophelia', theater_name: 'Thalia', theater_engagement_type: 'guest', type_genre: 'Tragödie' }],
      television: [{ name: 'Crime series', year_from: 2018, year_to: 2018, role: 'Anna', type_genre: 'series', station: 'ZDF' }],
    },
  };
}

describe('Actor detail view', () => {
  it('shows a skeleton while the saved copy is read', async () => {
    const { view } = await mountView('/actors/1', { actors: [zoeItem] }, { activate: false });
    expect(view.find('[data-testid="profile-skeleton"]').exists()).toBe(true);
    expect(view.get('#profile-title').text()).toBe(en.actorDetail.loading);
    expect(view.get('section').attributes('aria-busy')).toBe('true');
    expect(view.find('[data-testid="cache-state"]').exists()).toBe(false);
  });

  it('says a profile is not saved when the directory cannot be reached', async () => {
    const { view } = await mountView('/actors/42', { actors: [zoeItem], failWith: { code: 'network', message: 'ECONNREFUSED' } });
    await eventually(() => expect(view.find('[data-testid="not-cached"]').exists()).toBe(true));
    expect(view.get('[data-testid="not-cached"]').text()).toBe(en.actorDetail.notCached);
    expect(view.get('h1').text()).toBe('Actor 42');
    expect(view.find('[data-testid="profile-skeleton"]').exists()).toBe(false);
  });

  it('shows the list entry alone when the detail cannot be fetched, with a retry that fetches it', async () => {
    const { view, directory: fake, connectionId } = await mountView('/actors/1', {
      actors: [zoeItem],
      actorDetails: { 1: { ok: false, error: { code: 'server_error', message: 'HTTP 500' } } },
    });
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('listOnly'));
    expect(view.get('[data-testid="cache-state"]').text()).toContain(en.actorDetail.cacheListOnly);
    expect(view.get('h1').text()).toBe('Zoe Zander');
    await eventually(() => expect(view.get('[data-testid="languages"]').text()).toBe('German (Native)'));
    expect(view.get('[role="alert"]').text()).toContain(en.errors.server_error);
    expect(view.find('[data-testid="gallery"]').exists()).toBe(false);
    // The header's picture is the list entry's thumbnail until the detail is saved.
    expect(view.get('[data-testid="headshot-image"]').attributes('src')).toMatch(media(connectionId, `${base}/media/1/tile.png`));
    expect(view.find('[data-testid="section-index"]').exists()).toBe(false);

    const retry = view.findAll('button').find((button) => button.text() === en.actorDetail.retry);
    expect(retry).toBeDefined();
    fake.calls.length = 0;
    Object.assign(fake.bridge, {
      getActor: async () => ({ ok: true, value: zoeDetail() }),
    });
    await retry!.trigger('click');
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('offline'));
    await eventually(() => expect(view.find('[data-testid="gallery"]').exists()).toBe(true));
    expect(view.find('[role="alert"]').exists()).toBe(false);
    // Then the detail's main portrait picture (12: first in the portrait order), large.
    expect(view.get('[data-testid="headshot-image"]').attributes('src')).toMatch(media(connectionId, `${base}/media/1/12/large.png`));
  });

  it('opens with a header: headshot, name, key facts and actions beside each other, then an index of the sections', async () => {
    const detail = { ...zoeDetail(), city: 'Berlin', country: 'DE', representative: { id: 4, name: 'Ina Agent' }, service_cd_url: 'https://directory.example/cd/actors/1' };
    const { view, directory: fake, connectionId } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: detail } });
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('offline'));
    const header = view.get('header.profile-head');
    expect(header.get('h1').text()).toBe('Zoe Zander');
    expect(header.get('[data-testid="headshot-image"]').attributes('src')).toMatch(media(connectionId, `${base}/media/1/12/large.png`));
    expect(header.get('[data-testid="headshot-image"]').attributes('alt')).toBe('Main picture of Zoe Zander');
    const keyFacts = header.get('[data-testid="key-facts"]');
    expect(keyFacts.get('[data-testid="acting-age"]').text()).toContain('20 to 30');
    expect(keyFacts.get('[data-testid="age"]').text()).toBe('27 years (born 1998)');
    expect(keyFacts.get('[data-testid="height"]').text()).toBe('171 cm');
    expect(keyFacts.get('[data-testid="residence"]').text()).toBe('Berlin, Germany');
    expect(keyFacts.get('[data-testid="agency-name"]').text()).toBe('Agentur Nord');
    expect(keyFacts.get('[data-testid="representative"]').text()).toBe('Ina Agent');
    const actions = header.get('[data-testid="profile-actions"]');
    expect(actions.find('[data-testid="add-to-shortlist"]').exists()).toBe(true);
    expect(actions.get('[data-testid="compare-link"]').attributes('href')).toBe('#/compare?ids=1');
    await actions.get('[data-testid="open-in-directory"] button').trigger('click');
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://directory.example/cd/actors/1']);

    // The index names every section there is, in the page's order, and moves the focus to it.
    const index = view.get('nav[data-testid="section-index"]');
    expect(index.attributes('aria-label')).toBe(en.actorDetail.layout.sectionIndex);
    const links = index.findAll('a');
    const targets = links.map((link) => link.attributes('data-target')!);
    expect(targets).toEqual(['gallery-title', 'facts-title', 'skills-title', 'about-title', 'vita-title', 'showreels-title', 'agencies-title', 'actor-memory-title', 'links-title']);
    const headings = view.findAll('h2').map((heading) => heading.attributes('id'));
    expect(headings).toEqual(targets);
    expect(links[4]!.attributes('href')).toBe('#/actors/1#vita-title');
    await links[4]!.trigger('click');
    expect(document.activeElement?.id).toBe('vita-title');
    // The gallery is a strip under the header, before the sections.
    const order = [...document.querySelectorAll('header.profile-head, [data-testid="section-index"], [data-testid="gallery"], [data-testid="facts"]')].map((element) => element.getAttribute('data-testid') ?? 'header');
    expect(order).toEqual(['header', 'section-index', 'gallery', 'facts']);
  });

  it('shows the full profile: facts with labels and private markers, agencies, links and when it was updated', async () => {
    const { view, directory: fake } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('offline'));
    await eventually(() => expect(view.get('[data-testid="languages"]').text()).toBe('German (Native)English (Fluent)'));
    // the shipped labels show at once; the directory's own (only it says 'Self-described') replace them
    await eventually(() => expect(view.get('[data-testid="gender"]').text()).toBe('Self-described (genderfluid)'));
    expect(view.get('h1').attributes('id')).toBe('profile-title');
    expect(view.get('h1').text()).toBe('Zoe Zander');
    expect(view.get('[data-testid="updated-at"]').text()).toBe(`Last changed in the directory: ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(updatedAt))}`);

    // Acting age is private, age is public.
    const actingAge = view.get('[data-testid="acting-age"]');
    expect(actingAge.text()).toContain('20 to 30');
    expect(actingAge.find('[data-testid="private-marker"]').text()).toBe(en.actorDetail.privateMarker);
    expect(view.get('[data-testid="age"]').text()).toBe('27 years (born 1998)');
    expect(view.get('[data-testid="age"]').find('[data-testid="private-marker"]').exists()).toBe(false);
    expect(view.get('[data-testid="gender"]').text()).toBe('Self-described (genderfluid)');
    expect(view.get('[data-testid="main-profession"]').text()).toBe('Actor');
    expect(view.get('[data-testid="specializations"]').text()).toBe('Voice actor');
    expect(view.get('[data-testid="nationalities"]').text()).toBe('Germany, France');
    expect(view.get('[data-testid="skill-dances"]').text()).toBe('Tap dance (Professional)');
    expect(view.get('[data-testid="skill-sports"]').text()).toBe('Fencing');
    const permits = view.get('[data-testid="skill-working_permits"]');
    expect(permits.text()).toContain('European Union');
    expect(permits.find('[data-testid="private-marker"]').exists()).toBe(true);
    expect(view.findAll('[data-testid="private-marker"]')).toHaveLength(2);

    // Agencies: the primary one first, with labels; an unsafe profile link is plain text.
    const agencies = view.findAll('[data-testid="agency"]');
    expect(agencies.map((agency) => agency.attributes('data-type'))).toEqual(['primary_agency', 'secondary_agency']);
    expect(agencies[0]!.text()).toContain('Agentur Nord');
    expect(agencies[0]!.text()).toContain('Primary agency');
    expect(agencies[0]!.text()).toContain('Acting agency');
    expect(agencies[0]!.text()).toContain('DACH region, Germany region');
    expect(agencies[1]!.text()).toContain('Secondary agency');
    expect(agencies[1]!.find('button').exists()).toBe(false);
    expect(agencies[1]!.text()).toContain('javascript:alert(1)');
    await agencies[0]!.get('button').trigger('click');
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://agentur-nord.example/zoe']);

    // Links: through the validator; the deprecated agency link is not repeated; names stay text.
    const links = view.get('[data-testid="profile-links"]');
    expect(links.findAll('.link').map((link) => link.attributes('data-kind'))).toEqual(['homepage', 'filmdb', 'social', 'photoSocial']);
    expect(links.findAll('button')).toHaveLength(2);
    expect(links.text()).toContain('zoe-zander-page');
    expect(links.findAll('a')).toHaveLength(0);
    // An address reads as host and path; the full URL is its title (and what opens).
    expect(links.get('button').attributes('title')).toBe('https://zoe.example/');
    expect(links.get('button').text()).toMatch(/^zoe\.example\b/);
    await links.get('button').trigger('click');
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://agentur-nord.example/zoe', 'https://zoe.example/']);
  });

  it('shows the gallery in landscape order with a portrait toggle, and a keyboard lightbox', async () => {
    const { view, connectionId } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.findAll('[data-testid="gallery-picture"]')).toHaveLength(3));
    const order = () => view.findAll('[data-testid="gallery-picture"]').map((item) => item.attributes('data-picture-id'));
    expect(order()).toEqual(['11', '12', '13']);
    const thumbnails = view.findAll('[data-testid="gallery"] img');
    expect(thumbnails[0]!.attributes('src')).toMatch(media(connectionId, `${base}/media/1/11/thumb_large.png`));
    expect(thumbnails[0]!.attributes('alt')).toBe('Picture 1 of Zoe Zander');
    expect(texts(view.findAll('[data-testid="gallery-picture"] figcaption'))).toEqual(['© Studio Nord', en.actorDetail.gallery.noCopyright, '© Jo Photo']);

    const toggle = view.get('[data-testid="portrait-toggle"]');
    expect(toggle.attributes('aria-pressed')).toBe('false');
    await toggle.trigger('click');
    expect(toggle.attributes('aria-pressed')).toBe('true');
    expect(order()).toEqual(['12', '13', '11']);
    await toggle.trigger('click');
    expect(order()).toEqual(['11', '12', '13']);

    // Arrow keys move between thumbnails, wrapping at the ends.
    const buttons = view.findAll('[data-testid="gallery"] button');
    (buttons[0]!.element as HTMLElement).focus();
    await buttons[0]!.trigger('keydown', { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]!.element);
    await buttons[1]!.trigger('keydown', { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]!.element);
    await buttons[2]!.trigger('keydown', { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]!.element);

    // The lightbox: a modal dialog with the focus inside, "n of m", large version, copyright.
    await buttons[1]!.trigger('click');
    await flushPromises();
    const dialog = view.get('[data-testid="lightbox"]');
    expect(dialog.attributes('role')).toBe('dialog');
    expect(dialog.attributes('aria-modal')).toBe('true');
    expect(dialog.element.contains(document.activeElement)).toBe(true);
    const counter = () => view.get('[data-testid="lightbox-counter"]').text();
    const image = () => view.get('[data-testid="lightbox-image"]');
    expect(counter()).toBe('2 of 3');
    expect(image().attributes('src')).toMatch(media(connectionId, `${base}/media/1/12/large.png`));
    expect(view.get('[data-testid="lightbox-copyright"]').text()).toBe(en.actorDetail.gallery.noCopyright);

    await dialog.trigger('keydown', { key: 'ArrowRight' });
    expect(counter()).toBe('3 of 3');
    expect(view.get('[data-testid="lightbox-copyright"]').text()).toBe('© Jo Photo');
    await dialog.trigger('keydown', { key: 'ArrowRight' });
    expect(counter()).toBe('1 of 3');
    await dialog.trigger('keydown', { key: 'ArrowLeft' });
    expect(counter()).toBe('3 of 3');

    // Zoom shows the original; minus goes back; the button does the same.
    await dialog.trigger('keydown', { key: '+' });
    expect(image().attributes('src')).toMatch(media(connectionId, `${base}/media/1/13/original.png`));
    expect(image().attributes('data-zoomed')).toBe('true');
    await dialog.trigger('keydown', { key: '-' });
    expect(image().attributes('src')).toMatch(media(connectionId, `${base}/media/1/13/large.png`));
    await view.get('[data-testid="lightbox-zoom"]').trigger('click');
    expect(view.get('[data-testid="lightbox-zoom"]').attributes('aria-pressed')).toBe('true');
    expect(image().attributes('data-zoomed')).toBe('true');

    // Tab wraps inside the dialog.
    const dialogButtons = dialog.findAll('button');
    const last = dialogButtons[dialogButtons.length - 1]!.element as HTMLElement;
    last.focus();
    await dialog.trigger('keydown', { key: 'Tab' });
    expect(document.activeElement).toBe(dialogButtons[0]!.element);
    await dialog.trigger('keydown', { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    // Esc closes and gives the focus back to the thumbnail that opened it.
    await dialog.trigger('keydown', { key: 'Escape' });
    await flushPromises();
    expect(view.find('[data-testid="lightbox"]').exists()).toBe(false);
    expect(document.activeElement).toBe(buttons[1]!.element);

    // In portrait order the lightbox follows that order.
    await toggle.trigger('click');
    await view.findAll('[data-testid="gallery"] button')[0]!.trigger('click');
    expect(view.get('[data-testid="lightbox-image"]').attributes('src')).toMatch(media(connectionId, `${base}/media/1/12/large.png`));
    await view.get('[data-testid="lightbox-close"]').trigger('click');
    expect(view.find('[data-testid="lightbox"]').exists()).toBe(false);
  });

  it('plays direct media in the app and opens streaming pages through the link validator', async () => {
    const { view, directory: fake, connectionId } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.findAll('[data-testid="showreel"]')).toHaveLength(5));
    const players = view.findAll('[data-testid="showreel-player"]');
    expect(players.map((player) => [player.element.tagName, player.attributes('src'), player.attributes('controls')])).toEqual([
      // Through the media cache: a kept copy plays offline, one not stored is handed to its host.
      ['AUDIO', `/media-cache?c=${connectionId}&u=${encodeURIComponent(`${base}/media/showreels/5.wav`)}&k=showreel`, ''],
      ['VIDEO', `/media-cache?c=${connectionId}&u=${encodeURIComponent('https://cdn.example.com/reels/clip.mp4')}&k=showreel`, ''],
    ]);
    const external = view.findAll('[data-testid="showreel-external"]');
    expect(external).toHaveLength(3);
    expect(external.map((link) => link.find('button').exists())).toEqual([true, true, false]);
    expect(external[0]!.text()).toContain('Watch on www.youtube.com');
    expect(external[2]!.text()).toBe('javascript:alert(1)');
    expect(view.get('[data-testid="showreels"]').findAll('a')).toHaveLength(0);
    await external[1]!.get('button').trigger('click');
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://vimeo.com/123456789']);

    // A player that cannot load its media gives way to the link.
    await players[1]!.trigger('error');
    expect(view.findAll('[data-testid="showreel-player"]')).toHaveLength(1);
    expect(view.findAll('[data-testid="showreel-external"]')).toHaveLength(4);
    expect(view.get('[data-testid="showreels"]').text()).toContain(en.actorDetail.showreels.cannotPlay);
  });

  it('orders the vita by group and entry, with education precision, qualifications, autodidacts and awards', async () => {
    const { view } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.find('[data-testid="vita"]').exists()).toBe(true));
    await eventually(() => expect(view.get('[data-testid="vita-group-primary_education"]').text()).toContain('State-certified actor'));
    await eventually(() => expect(view.get('[data-testid="vita-group-education"]').text()).toContain('Diploma (catalogue)'));
    const groups = view.findAll('[data-testid^="vita-group-"]').map((group) => group.attributes('data-testid'));
    expect(groups).toEqual(['vita-group-primary_education', 'vita-group-education', 'vita-group-award', 'vita-group-film', 'vita-group-television', 'vita-group-theatre']);

    // Autodidact entries sort first (no years: DESC puts nulls first) and carry no period.
    const primary = view.get('[data-testid="vita-group-primary_education"]').findAll('[data-testid="vita-entry"]');
    expect(primary[0]!.text()).toContain('Self study');
    expect(primary[0]!.find('[data-testid="vita-autodidact"]').text()).toBe(en.actorDetail.vita.autodidact);
    expect(primary[0]!.find('[data-testid="vita-period"]').exists()).toBe(false);
    expect(primary[1]!.get('[data-testid="vita-period"]').text()).toBe('03/2015 – 2018');
    expect(primary[1]!.get('[data-testid="vita-qualification"]').text()).toBe('Qualification: State-certified actor');
    expect(primary[1]!.find('[data-testid="vita-autodidact"]').exists()).toBe(false);

    // Education: newest first; {key, translation} and translated strings as qualifications.
    const education = view.get('[data-testid="vita-group-education"]').findAll('[data-testid="vita-entry"]');
    expect(education.map((entry) => entry.get('[data-testid="vita-period"]').text())).toEqual(['01/2020 – 06/2020', '2019']);
    expect(education[0]!.get('[data-testid="vita-qualification"]').text()).toBe('Qualification: Staatlich geprüft');
    expect(education[1]!.get('[data-testid="vita-qualification"]').text()).toBe('Qualification: Diploma (catalogue)');

    const awards = view.get('[data-testid="vita-group-award"]').findAll('[data-testid="vita-entry"]');
    expect(awards.map((entry) => [entry.find('strong').text(), entry.get('[data-testid="vita-award-state"]').text()])).toEqual([
      ['Audience award', en.actorDetail.vita.won],
      ['Best newcomer', en.actorDetail.vita.nominated],
    ]);

    const films = view.get('[data-testid="vita-group-film"]').findAll('[data-testid="vita-entry"]');
    expect(films.map((entry) => entry.find('strong').text())).toEqual(['Upcoming film', 'New film', 'Old film']);
    expect(films[0]!.find('[data-testid="vita-in-development"]').text()).toBe(en.actorDetail.vita.inDevelopment);
    expect(films[1]!.get('[data-testid="vita-period"]').text()).toBe('2020 – 2021');
    expect(films[1]!.text()).toContain('Anna');
    expect(films[1]!.text()).toContain('Leading role');
    expect(films[1]!.text()).toContain('Mia Regie');
    expect(view.get('[data-testid="vita-group-theatre"]').text()).toContain('Guest engagement');
    expect(view.get('[data-testid="vita-group-theatre"]').text()).toContain('Thalia');
    // The line names the broadcaster; the genre shows with all details.
    expect(view.get('[data-testid="vita-group-television"]').text()).toContain('Broadcaster: ZDF');
    expect(view.get('[data-testid="vita-group-television"]').text()).not.toContain('Series (catalogue)');
    await view.get('[data-testid="vita-details"]').trigger('click');
    // a television genre is a closed-list key and reads as its label; a theatre genre is free text
    expect(view.get('[data-testid="vita-group-television"]').text()).toContain('Series (catalogue)');
    expect(view.get('[data-testid="vita-group-theatre"]').text()).toContain('Tragödie');
  });

  it('shows about me sanitized, with its links opened through the validator', async () => {
    const { view, directory: fake } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.find('[data-testid="about-me"]').exists()).toBe(true));
    const about = view.get('[data-testid="about-me"]');
    expect(about.attributes('data-format')).toBe('html');
    expect(about.find('img').exists()).toBe(false);
    expect(about.html()).not.toContain('onerror');
    expect(about.get('h3').text()).toBe('Hello');
    const links = about.findAll('a');
    expect(links.map((link) => [link.attributes('href'), link.attributes('rel')])).toEqual([['https://zoe.example/', 'noopener noreferrer']]);
    expect(about.text()).toContain('Trick');
    await links[0]!.trigger('click');
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://zoe.example/']);
    await links[0]!.trigger('keydown', { key: ' ' });
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://zoe.example/', 'https://zoe.example/']);
    // The app did not navigate.
    expect(window.location.hash).not.toContain('zoe.example');
  });

  it('falls back to the plain about me text without usable HTML', async () => {
    const detail = { ...zoeDetail(), about_me_html: '<img src=x onerror=alert(1)>', about_me: 'Line one\nLine two' };
    const { view } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: detail } });
    await eventually(() => expect(view.find('[data-testid="about-me"]').exists()).toBe(true));
    expect(view.get('[data-testid="about-me"]').attributes('data-format')).toBe('text');
    expect(view.get('[data-testid="about-me"]').text()).toBe('Line one\nLine two');
  });

  it('shows the legacy gender without gender_new and says when there is nothing to show', async () => {
    const detail: ActorDetail = {
      ...zoeDetail(),
      gender_new: null,
      gender_description: null,
      attribute_visibility: {},
      pictures: [],
      showreels: [],
      external_showreels: [],
      vita: {},
      about_me_html: null,
      about_me: null,
      homepage_url: null,
      agency_profile_url: null,
      filmdb_link: null,
      social_page: null,
      photo_social_username: null,
      talent_agency_connections: [],
    };
    const { view } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: detail } }, { locale: 'de' });
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('offline'));
    await eventually(() => expect(view.get('[data-testid="gender"]').text()).toBe('Female'));
    expect(view.find('[data-testid="private-marker"]').exists()).toBe(false);
    expect(view.text()).toContain(de.actorDetail.gallery.empty);
    expect(view.text()).toContain(de.actorDetail.showreels.empty);
    expect(view.text()).toContain(de.actorDetail.vita.empty);
    expect(view.text()).toContain(de.actorDetail.about.empty);
    expect(view.text()).toContain(de.actorDetail.links.empty);
    expect(view.text()).toContain(de.actorDetail.noAgencies);
    expect(view.find('[data-testid="portrait-toggle"]').exists()).toBe(false);
  });

  it('says when a profile was merged, with a link to the profile it went into', async () => {
    const { view } = await mountView('/actors/1', {
      actors: [zoeItem],
      actorDetails: {
        1: { ok: false, error: { code: 'gone', message: 'HTTP 410', details: { status: 'merged', newId: 2 } } },
        2: { ...zoeDetail(), id: 2, name: 'Zoe Zander-Berg', last_name: 'Zander-Berg' },
      },
    });
    await eventually(() => expect(view.find('[data-testid="removal-notice"]').exists()).toBe(true));
    const notice = view.get('[data-testid="removal-notice"]');
    expect(notice.attributes('data-reason')).toBe('merged');
    expect(notice.text()).toContain(en.actorDetail.merged);
    expect(notice.get('a').attributes('href')).toBe('#/actors/2');
    expect(notice.get('a').text()).toBe(en.actorDetail.openMerged);
  });

  it('says when a refresh failed over the saved copy, and from when that copy is', async () => {
    const { view, directory: fake, sync } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.find('[data-testid="gallery"]').exists()).toBe(true));
    await eventually(() => expect(sync.progress.state).toBe('done'));
    expect(view.find('[data-testid="refresh-failed"]').exists()).toBe(false);
    const library = await openConnectionLibrary(sync.connectionId!, unknownOriginOf(sync.connectionId!));
    const saved = await readProfile(library, 'actor', 1);
    library.db.close();
    // The directory fails with a 500; the page is opened again.
    Object.assign(fake.bridge, { getActor: async () => ({ ok: false, error: { code: 'server_error', message: 'HTTP 500' } }) });
    wrapper!.unmount();
    wrapper = mount(RouteRoot, {
      global: { plugins: [pinia!, createCastdeskI18n('en'), await routerAt('/actors/1')], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
      attachTo: document.body,
    });
    await eventually(() => expect(wrapper!.find('[data-testid="refresh-failed"]').exists()).toBe(true));
    const copyFrom = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(saved!.detailFetchedAt!));
    expect(wrapper!.get('[data-testid="refresh-failed"]').text()).toBe(`Last refresh failed: ${en.errors.server_error} Showing the copy from ${copyFrom}.`);
    expect(wrapper!.get('[data-testid="refresh-failed"]').attributes('data-error-code')).toBe('server_error');
    // The saved copy is what shows.
    expect(wrapper!.find('[data-testid="gallery"]').exists()).toBe(true);
  });

  it('says when a profile was removed from the directory and shows what was saved', async () => {
    const { view, directory: fake, sync } = await mountView('/actors/1', { actors: [zoeItem], actorDetails: { 1: zoeDetail() } });
    await eventually(() => expect(view.find('[data-testid="gallery"]').exists()).toBe(true));
    await eventually(() => expect(sync.progress.state).toBe('done'));
    expect(view.find('[data-testid="removal-notice"]').exists()).toBe(false);
    // The directory deletes the profile; the page is opened again.
    Object.assign(fake.bridge, { getActor: async () => ({ ok: false, error: { code: 'gone', message: 'HTTP 410', details: { status: 'deleted' } } }) });
    wrapper!.unmount();
    wrapper = mount(RouteRoot, {
      global: { plugins: [pinia!, createCastdeskI18n('en'), await routerAt('/actors/1')], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
      attachTo: document.body,
    });
    await eventually(() => expect(wrapper!.find('[data-testid="removal-notice"]').exists()).toBe(true));
    expect(wrapper!.get('[data-testid="removal-notice"]').text()).toBe(en.actorDetail.removed);
    expect(wrapper!.find('[data-testid="gallery"]').exists()).toBe(true);
  });
});

// ---- crew ----

const crewItem: CrewListItem = { id: 162, name: 'John Doe', first_name: 'John', last_name: 'Doe', gender: 'm', professions: ['regie'], updated_at: updatedAt };

/** The reference crew payload, with the neutral field names and language codes the back end maps to. */
function crewDetail(): CrewDetail {
  const crewPicture = (id: number, position: number | undefined): Picture => ({
    ...picture(id, 0, 0, `Copyright ${id}`),
    position,
    landscape_position: undefined,
    portrait_position: undefined,
  });
  return {
    id: 162,
    first_name: 'John',
    last_name: 'Doe',
    year_of_birth: 1980,
    place_of_birth: 'Berlin',
    professions: ['regie', 'autor'],
    nationalities: ['DE', 'FR'],
    languages: { deu: 'muttersprachlich', eng: 'fliessend' },
    accommodation_options: ['Berlin', 'Köln'],
    about_me: 'This is a text about me.',
    about_me_html: '<div>This is a text about me.</div>',
    representative: { id: 123, name: 'Jane Roe' },
    talent_agency_id: 1,
    pictures: [crewPicture(140, 2), crewPicture(141, 1), crewPicture(142, undefined)],
    external_showreels: ['https://youtube.com/john-doe/video'],
    showreels: [{ name: 'My Showreel', url: 'https://www.filmmakers.example/crew/john-doe/showreels/15', type: 'video' }],
    showreel_ids: [12345],
    showreel_medium_ids: [123456],
    vita: {
      film: [{ name: 'Sample Film', year_from: 2019, year_to: 2019 }],
      television: [],
      theatre: [],
      award: [{ name: 'Director award', year_from: 2020, year_to: 2020, award_nominated: false }],
    },
    locations: [
      { name: 'Cologne', latitude: 50.9, longitude: 6.9, place_id: 'b', type: 'accommodation', country: 'DE' },
      { name: 'Berlin', latitude: 52.5, longitude: 13.4, place_id: 'a', type: 'place', country: 'DE' },
    ],
    homepage_url: 'https://www.example.com',
    agency_profile_url: 'https://www.my-agency.example/my-profile',
    filmdb_link: 'https://www.filmdb.example/name/nm1234',
    filmdb_id: 'nm1234',
    social_page: 'my-social-page',
    photo_social_username: 'my-photo-name',
    encyclopedia_url: 'https://de.encyclopedia.example/wiki/my-page',
    country: 'DE',
    state: 'DE-RP',
    gender: 'm',
    updated_at: '2021-06-22T16:14:11.519+02:00',
  };
}

describe('Crew detail view', () => {
  it('shows the crew member with labels, pictures by position, showreels, vita and links', async () => {
    const { view, directory: fake, connectionId } = await mountView('/crew/162', { crew: [crewItem], crewDetails: { 162: crewDetail() } });
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('offline'));
    await eventually(() => expect(view.get('[data-testid="professions"]').text()).toBe('Director, Writer'));
    // The header: the first picture by position (none is marked main), the key facts, no shortlist or compare.
    expect(view.get('[data-testid="headshot-image"]').attributes('src')).toMatch(media(connectionId, `${base}/media/1/141/large.png`));
    expect(view.get('[data-testid="key-facts"]').find('[data-testid="professions"]').exists()).toBe(true);
    expect(view.get('[data-testid="year-of-birth"]').text()).toBe('1980');
    expect(view.find('[data-testid="compare-link"]').exists()).toBe(false);
    expect(view.find('[data-testid="add-to-shortlist"]').exists()).toBe(false);
    expect(view.get('h1').attributes('id')).toBe('profile-title');
    expect(view.get('h1').text()).toBe('John Doe');
    expect(view.get('a').attributes('href')).toBe('#/crew');
    expect(view.get('[data-testid="languages"]').text()).toBe('German (Native)English (Fluent)');
    expect(view.get('[data-testid="gender"]').text()).toBe('Male');
    expect(view.get('[data-testid="representative"]').text()).toBe('Jane Roe');
    expect(view.get('[data-testid="locations"]').findAll('li').map((item) => item.text())).toEqual([
      'Berlin, Germany (residence)',
      'Cologne, Germany (can stay here)',
    ]);

    // Pictures by position, those without one last; no portrait toggle.
    expect(view.findAll('[data-testid="gallery-picture"]').map((item) => item.attributes('data-picture-id'))).toEqual(['141', '140', '142']);
    expect(view.find('[data-testid="portrait-toggle"]').exists()).toBe(false);
    expect(view.findAll('[data-testid="gallery"] img')[0]!.attributes('src')).toMatch(media(connectionId, `${base}/media/1/141/thumb_large.png`));
    await view.findAll('[data-testid="gallery"] button')[0]!.trigger('click');
    expect(view.get('[data-testid="lightbox-counter"]').text()).toBe('1 of 3');
    expect(view.get('[data-testid="lightbox-copyright"]').text()).toBe('© Copyright 141');
    await view.get('[data-testid="lightbox"]').trigger('keydown', { key: 'Escape' });

    // A showreel typed video on an unknown host is tried in the player; a streaming page is a link.
    expect(view.findAll('[data-testid="showreel-player"]')).toHaveLength(1);
    expect(view.get('[data-testid="showreel-external"]').text()).toContain('Watch on youtube.com');

    expect(view.findAll('[data-testid^="vita-group-"]').map((group) => group.attributes('data-testid'))).toEqual(['vita-group-film', 'vita-group-award']);
    expect(view.get('[data-testid="vita-group-film"]').text()).toContain('Sample Film');
    expect(view.get('[data-testid="vita-group-film"]').text()).toContain('2019');
    expect(view.get('[data-testid="about-me"]').text()).toBe('This is a text about me.');

    const links = view.get('[data-testid="profile-links"]');
    expect(links.findAll('.link').map((link) => link.attributes('data-kind'))).toEqual(['homepage', 'agencyProfile', 'filmdb', 'encyclopedia', 'social', 'photoSocial']);
    expect(links.findAll('button')).toHaveLength(4);
    await links.findAll('button')[3]!.trigger('click');
    await flushPromises();
    expect(externalOpens(fake)).toEqual(['https://de.encyclopedia.example/wiki/my-page']);
  });

  it('says a crew member is not saved when the directory cannot be reached', async () => {
    const { view } = await mountView('/crew/5', { crew: [crewItem], failWith: { code: 'network', message: 'ECONNREFUSED' } });
    await eventually(() => expect(view.find('[data-testid="not-cached"]').exists()).toBe(true));
    expect(view.get('h1').text()).toBe('Crew member 5');
    expect(view.get('a').text()).toBe(en.crewDetail.back);
  });

  it('says there is no such crew member when the directory does not know it', async () => {
    const { view } = await mountView('/crew/5', { crew: [crewItem] }, { locale: 'de' });
    await eventually(() => expect(view.find('[data-testid="not-found"]').exists()).toBe(true));
    expect(view.get('[data-testid="not-found"]').text()).toBe(de.crewDetail.notFound);
  });
});

describe('profile helpers', () => {
  it('sorts vita entries by the spec and keeps the served order where only hidden positions differ', () => {
    const entries = [
      { name: 'a', year_from: 2018, year_to: 2018 },
      { name: 'b', year_from: 2018, year_to: 2018 },
      { name: 'c', year_from: 2017, year_to: 2019 },
      { name: 'd', in_development: true, year_from: 2030, year_to: null },
      { name: 'e', year_from: 2019, year_to: 2019 },
      { name: 'f', year_from: 2016, year_to: 2018 },
    ];
    expect(sortVitaEntries(entries).map((entry) => entry.name)).toEqual(['d', 'e', 'c', 'a', 'b', 'f']);
    const positioned = [
      { name: 'x', year_from: 2018, year_to: 2018, position: 2, id: 1 },
      { name: 'y', year_from: 2018, year_to: 2018, position: 1, id: 9 },
      { name: 'z', year_from: 2018, year_to: 2018, position: 1, id: 3 },
    ];
    expect(sortVitaEntries(positioned).map((entry) => entry.name)).toEqual(['z', 'y', 'x']);
  });

  it('formats education periods at month or year precision in the interface language', () => {
    expect(educationPeriod({ name: 'x', month_from: 3, year_from: 2015, month_to: null, year_to: 2018 }, 'en')).toEqual({ from: '03/2015', to: '2018' });
    expect(educationPeriod({ name: 'x', month_from: null, year_from: 2019, month_to: null, year_to: 2019 }, 'en')).toEqual({ from: '2019', to: null });
    expect(educationPeriod({ name: 'x', month_from: 9, year_from: 2021, month_to: null, year_to: null }, 'de').from).toBe(
      new Intl.DateTimeFormat('de', { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2021, 8, 1))),
    );
    expect(isAutodidact({ name: 'x', info: 'y' })).toBe(true);
    expect(isAutodidact({ name: 'x', info: null, month_from: null, year_from: null, month_to: null, year_to: null, qualification: null })).toBe(false);
  });

  it('reads a qualification as a key, a translated string or a key with its translation', () => {
    const lookup = (key: string) => ({ diploma: 'Diploma' })[key];
    const humanise = (key: string) => `~${key}`;
    expect(qualificationText('diploma', lookup, humanise)).toBe('Diploma');
    expect(qualificationText('unknown_key', lookup, humanise)).toBe('~unknown_key');
    expect(qualificationText('Staatlich anerkannter Schauspieler', lookup, humanise)).toBe('Staatlich anerkannter Schauspieler');
    expect(qualificationText({ key: 'diploma', translation: 'Diplom' }, lookup, humanise)).toBe('Diploma');
    expect(qualificationText({ key: 'master', translation: 'Master' }, lookup, humanise)).toBe('Master');
    expect(qualificationText(null, lookup, humanise)).toBeNull();
  });

  it('plays only direct http(s) media in the app', () => {
    expect(showreelPlayback('http://127.0.0.1:8787/media/showreels/5.wav', 'audio')).toEqual({ kind: 'audio', src: 'http://127.0.0.1:8787/media/showreels/5.wav' });
    expect(showreelPlayback('https://cdn.example.com/a.MP4?token=1', null).kind).toBe('video');
    expect(showreelPlayback('https://cdn.example.com/a.ogg', 'video').kind).toBe('video');
    expect(showreelPlayback('https://cdn.example.com/a.ogg', null).kind).toBe('audio');
    expect(showreelPlayback('https://cdn.example.com/stream', 'audio').kind).toBe('audio');
    expect(showreelPlayback('https://www.youtube.com/watch?v=x', 'video').kind).toBe('external');
    expect(showreelPlayback('https://m.youtube.com/a.mp4', 'video').kind).toBe('external');
    expect(showreelPlayback('https://vimeo.com/1', 'video').kind).toBe('external');
    expect(showreelPlayback('https://example.com/page', null).kind).toBe('external');
    expect(showreelPlayback('file:///home/me/reel.mp4', 'video').kind).toBe('external');
    expect(showreelPlayback('javascript:alert(1)//.mp4', 'video').kind).toBe('external');
    expect(showreelPlayback('/media/showreels/5.wav', 'audio').kind).toBe('external');
  });

  it('orders pictures by landscape, portrait or position, those without a number last', () => {
    const pictures = [picture(1, 2, 1, null), picture(2, 1, 3, null), { ...picture(3, 0, 0, null), landscape_position: undefined, portrait_position: undefined, position: undefined }, picture(4, 3, 2, null)];
    expect(orderPictures(pictures, 'landscape').map((item) => item.id)).toEqual([2, 1, 4, 3]);
    expect(orderPictures(pictures, 'portrait').map((item) => item.id)).toEqual([1, 4, 2, 3]);
    expect(orderPictures(pictures, 'position').map((item) => item.id)).toEqual([2, 1, 4, 3]);
  });

  it('shows an address as host and path, and anything else as it is', () => {
    expect(shortAddress('https://www.imdb.example/name/nm0000001/?ref=x#top')).toBe('imdb.example/name/nm0000001');
    expect(shortAddress('http://zoe.example/')).toBe('zoe.example');
    expect(shortAddress('https://zoe.example:8443/a/b/')).toBe('zoe.example:8443/a/b');
    expect(shortAddress('https://de.encyclopedia.example/wiki/Zo%C3%AB')).toBe('de.encyclopedia.example/wiki/Zoë');
    expect(shortAddress('https://x.example/%E0%A4%A')).toBe('x.example/%E0%A4%A');
    expect(shortAddress('mailto:agent@example.com')).toBe('mailto:agent@example.com');
    expect(shortAddress('zoe-zander-page')).toBe('zoe-zander-page');
  });

  it('keeps every kind of link even when two share a value (social page and photo user name alike)', () => {
    expect(profileLinks({ social_page: 'anna.weber', photo_social_username: 'anna.weber', service_url: 'https://a.example/', sv_url: 'https://a.example/' })).toEqual([
      { kind: 'service', value: 'https://a.example/' },
      { kind: 'social', value: 'anna.weber' },
      { kind: 'photoSocial', value: 'anna.weber' },
      { kind: 'sv', value: 'https://a.example/' },
    ]);
  });

  it.each([
    ['www.anna-weber.de', 'https://www.anna-weber.de'],
    ['anna-weber.de/vita?x=1', 'https://anna-weber.de/vita?x=1'],
    ['example.com:8443/a', 'https://example.com:8443/a'],
    ['https://already.example/', 'https://already.example/'],
    ['http://plain.example/', 'http://plain.example/'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['Anna Weber', 'Anna Weber'],
    ['localhost', 'localhost'],
    ['user@example.com', 'user@example.com'],
    ['www.exa mple.de', 'www.exa mple.de'],
  ])('a homepage %j is offered as %j', (typed, shown) => {
    expect(withWebScheme(typed)).toBe(shown);
    expect(profileLinks({ homepage_url: typed })).toEqual([{ kind: 'homepage', value: shown }]);
  });

  it('lists profile links in a fixed order, the agency link only when not shown elsewhere', () => {
    expect(
      profileLinks(
        { sv_url: 'https://sv.example/', homepage_url: ' https://home.example/ ', castupload_url: 'https://old.example/', filmdb_id: 'nm1', agency_profile_url: 'https://agency.example/' },
        ['https://agency.example/'],
      ),
    ).toEqual([
      { kind: 'homepage', value: 'https://home.example/' },
      { kind: 'service', value: 'https://old.example/' },
      { kind: 'filmdbId', value: 'nm1' },
      { kind: 'sv', value: 'https://sv.example/' },
    ]);
  });
});
