/**
 * Which picture exports show and how they frame it (issue 22, item 10): the crop region when the
 * main picture has one, else the portrait main picture, else the picture fitted whole; and the
 * window a box shows holds the whole crop region. The package shows it through an SVG viewBox.
 */
import { describe, expect, it } from 'vitest';
import type { Picture } from '../../../contract/directory-api.ts';
import { exportPictureOf, pictureWindow } from '../../../renderer/src/shortlists/exportPicture.ts';
import { presentationPackage, type PresentationActor, type PresentationTexts } from '../../../renderer/src/shortlists/presentationPackage.ts';

function picture(id: number, fields: Partial<Picture> = {}): Picture {
  return {
    id,
    url: `/p/${id}-original.png`,
    versions: { large: `/p/${id}-large.png`, thumb: `/p/${id}-thumb.png` },
    orientation: 'landscape',
    dimensions: [1600, 900],
    copyright: '',
    ...fields,
  } as Picture;
}

describe('exportPictureOf', () => {
  it('takes the main picture with its crop region as fractions of the picture', () => {
    const chosen = exportPictureOf([picture(1, { main_picture: true, crop_coordinates: { x: 1200, y: 90, w: 300, h: 450 } }), picture(2, { main_picture_portrait: true, orientation: 'portrait', dimensions: [900, 1200] })]);
    expect(chosen).toEqual({
      url: '/p/1-large.png',
      thumbUrl: '/p/1-thumb.png',
      framing: { mode: 'crop', region: { x: 0.75, y: 0.1, width: 300 / 1600, height: 0.5 } },
      size: [1600, 900],
    });
  });

  it('takes the portrait main picture, covering the box, when the main one has no crop region', () => {
    const chosen = exportPictureOf([picture(1, { main_picture: true }), picture(2, { main_picture_portrait: true, orientation: 'portrait', dimensions: [900, 1200] })]);
    expect(chosen).toMatchObject({ url: '/p/2-large.png', framing: { mode: 'cover' }, size: [900, 1200] });
  });

  it('fits the main picture whole when there is neither', () => {
    expect(exportPictureOf([picture(1, { main_picture: true })])).toMatchObject({ url: '/p/1-large.png', framing: { mode: 'contain' } });
    // A crop region outside the picture is no region.
    expect(exportPictureOf([picture(1, { main_picture: true, crop_coordinates: { x: 2000, y: 0, w: 100, h: 100 } })])?.framing).toEqual({ mode: 'contain' });
    expect(exportPictureOf([])).toBeNull();
  });
});

describe('pictureWindow', () => {
  it('holds the whole crop region at the box aspect, inside the picture', () => {
    const window = pictureWindow(1600, 900, 3 / 4, { mode: 'crop', region: { x: 0.75, y: 0.1, width: 300 / 1600, height: 0.5 } });
    expect(window.width / window.height).toBeCloseTo(3 / 4);
    expect(window.x).toBeLessThanOrEqual(1200);
    expect(window.x + window.width).toBeGreaterThanOrEqual(1500);
    expect(window.y).toBeLessThanOrEqual(90);
    expect(window.y + window.height).toBeGreaterThanOrEqual(540);
    expect(window.x).toBeGreaterThanOrEqual(0);
    expect(window.x + window.width).toBeLessThanOrEqual(1600);
  });

  it('shows all of a picture fitted whole', () => {
    const window = pictureWindow(1600, 900, 3 / 4, { mode: 'contain' });
    expect(window.x).toBeLessThanOrEqual(0);
    expect(window.x + window.width).toBeGreaterThanOrEqual(1600);
  });
});

describe('the presentation package', () => {
  // A PNG's signature and IHDR (1600 × 900, 8-bit RGB): every export reads the declared size first.
  const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x06, 0x40, 0, 0, 0x03, 0x84, 8, 2, 0, 0, 0, 0, 0, 0, 0);
  const actor = (fields: Partial<PresentationActor>): PresentationActor => ({
    position: 1, actorId: 1, name: 'Wide Face', actingAge: '', height: '', agencies: [], languages: [], credits: [], showreels: [], note: '', picture: png, ...fields,
  });
  const texts: PresentationTexts = {
    lang: 'en', madeBy: 'Made by', actingAge: 'Acting age', height: 'Height', agency: 'Agency', agencies: 'Agencies', languages: 'Languages', credits: 'Credits', showreels: 'Showreels',
    note: 'Note', noPicture: 'No picture', favourite: 'Favourite', picksTitle: 'Picks', picksHelp: 'Help', picksIntro: 'Picks for the list', copy: 'Copy', mail: 'Mail',
  };

  async function pictureElement(fields: Partial<PresentationActor>): Promise<Element> {
    const html = await presentationPackage({ packageId: 'p', title: 'List', actors: [actor(fields)], includeNotes: false, texts });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return doc.querySelector('article svg, article img')!;
  }

  it('frames a crop region through the SVG viewBox, the whole region in view', async () => {
    const svg = await pictureElement({ framing: { mode: 'crop', region: { x: 0.75, y: 0.1, width: 300 / 1600, height: 0.5 } }, pictureSize: [1600, 900] });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    const [x, y, width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
    expect(x).toBeLessThanOrEqual(1200);
    expect(x + width).toBeGreaterThanOrEqual(1500);
    expect(y).toBeLessThanOrEqual(90);
    expect(y + height).toBeGreaterThanOrEqual(540);
    expect(svg.querySelector('image')?.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
  });

  it('fits a picture whole unless it covers its box upright', async () => {
    expect((await pictureElement({})).getAttribute('class')).toBeNull();
    expect((await pictureElement({ framing: { mode: 'cover' } })).getAttribute('class')).toBe('cover');
  });
});
