import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import CompareActorHeading from '../../../renderer/src/components/compare/CompareActorHeading.vue';
import { pl } from '../../../renderer/src/i18n/pl.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import type { CompareActor } from '../../../renderer/src/stores/compare.ts';

/**
 * Compare's column heading frames the actor's picture as the profile header does (issue 14: the
 * face was cut off): a portrait picture fills the frame from its top, a landscape one is shown
 * whole, since its person often stands off-centre.
 */
let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

function actor(overrides: Partial<CompareActor>): CompareActor {
  return {
    id: 7,
    name: 'Aline Hess',
    hasDetail: true,
    known: true,
    removed: false,
    pictureUrl: '/media-cache?u=large',
    pictureDimensions: [600, 800],
    actingAgeFrom: 26,
    actingAgeTo: 41,
    height: 163,
    languages: {},
    dialects: {},
    nativeDialects: [],
    levelSkills: { instruments: {}, dances: {}, singing: {} },
    listSkills: { sports: [], licenses: [], drivers_licenses: [] },
    agencies: [],
    credits: [],
    ...overrides,
  };
}

async function heading(shown: CompareActor, locale: 'en' | 'pl' = 'en') {
  const router = createCastdeskRouter();
  await router.push('/compare');
  await router.isReady();
  const table = mount({ components: { CompareActorHeading }, props: ['actor'], template: '<table><thead><tr><CompareActorHeading :actor="actor" :name="actor.name" :removable="false" /></tr></thead></table>' }, {
    props: { actor: shown },
    global: { plugins: [createCastdeskI18n(locale), router] },
    attachTo: document.body,
  });
  wrapper = table;
  await flushPromises();
  return table;
}

describe('Compare: the actor heading picture', () => {
  it('fills its frame with a portrait picture from the top, as the profile header does', async () => {
    const view = await heading(actor({ pictureDimensions: [600, 800] }));
    const picture = view.get<HTMLImageElement>('[data-testid="compare-picture"]');
    expect(picture.attributes('src')).toBe('/media-cache?u=large');
    expect(picture.attributes('alt')).toContain('Aline Hess');
    expect(picture.element.style.objectFit).toBe('cover');
    expect(picture.element.style.objectPosition).toBe('center top');
  });

  it('shows a landscape picture whole, so a face off-centre stays in it', async () => {
    const view = await heading(actor({ pictureDimensions: [800, 533] }));
    const picture = view.get<HTMLImageElement>('[data-testid="compare-picture"]');
    expect(picture.element.style.objectFit).toBe('contain');
    expect(picture.element.style.objectPosition).toBe('center');
  });

  it('fills the frame from the top with a list tile, whose size is not known', async () => {
    const view = await heading(actor({ hasDetail: false, pictureDimensions: null, pictureUrl: '/media-cache?u=tile' }));
    const picture = view.get<HTMLImageElement>('[data-testid="compare-picture"]');
    expect(picture.element.style.objectFit).toBe('cover');
    expect(picture.element.style.objectPosition).toBe('center top');
  });

  it('says the picture is not loaded yet until it has, never an empty box, in the UI language (issue 22, walk N5)', async () => {
    const view = await heading(actor({}), 'pl');
    expect(view.get('[data-testid="picture-loading"]').text()).toBe(pl.app.pictureLoading);
    await view.get('[data-testid="compare-picture"]').trigger('load');
    expect(view.find('[data-testid="picture-loading"]').exists()).toBe(false);
  });
});
