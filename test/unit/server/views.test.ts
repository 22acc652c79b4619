import { describe, expect, it } from 'vitest';
import { actorPictures, crewPictures } from '../../../server/src/views/pictures.ts';
import { servedVita } from '../../../server/src/views/vita.ts';
import { absoluteMediaUrls, localizedText, servedLocations } from '../../../server/src/views/common.ts';

const picture = (id: number, extra: Record<string, unknown>) => ({
  id,
  copyright: '',
  url: `/media/pictures/${id}/original.png`,
  versions: { original: 'o', large: 'l', thumb: 't', thumb_large: 'tl' },
  orientation: 'portrait',
  dimensions: [1, 1],
  ...extra,
});

describe('actorPictures', () => {
  it('skips invisible and processing pictures and renumbers both orders densely', () => {
    const served = actorPictures([
      picture(1, { landscape_position: 1, portrait_position: 3, processing: true }),
      picture(2, { landscape_position: 3, portrait_position: 1 }),
      picture(3, { landscape_position: 2, portrait_position: 4 }),
      picture(4, { landscape_position: 4, portrait_position: 2, visible: false }),
    ]);
    expect(served.map((p) => [p.id, p.landscape_position, p.portrait_position, p.main_picture, p.main_picture_portrait])).toEqual([
      [3, 1, 2, true, false],
      [2, 2, 1, false, true],
    ]);
    expect(served.some((p) => 'visible' in p || 'processing' in p)).toBe(false);
  });

  it('orders crew pictures by position with the first as main picture', () => {
    const served = crewPictures([picture(5, { position: 2 }), picture(6, { position: 1 })]);
    expect(served.map((p) => [p.id, p.position, p.main_picture])).toEqual([
      [6, 1, true],
      [5, 2, false],
    ]);
  });
});

describe('servedVita', () => {
  it('sorts in development first, then year_to and year_from descending, then position, then id', () => {
    const vita = servedVita(
      {
        film: [
          { id: 1, name: 'old', year_from: 2001, year_to: 2002 },
          { id: 2, name: 'new-b', year_from: 2019, year_to: 2020, position: 2 },
          { id: 3, name: 'new-a', year_from: 2019, year_to: 2020, position: 1 },
          { id: 4, name: 'dev', year_from: 2010, year_to: 2010, in_development: true },
          { id: 5, name: 'longer', year_from: 2015, year_to: 2020 },
          { id: 6, name: 'hidden', year_from: 2030, year_to: 2030, visible: false },
        ],
      },
      ['film', 'television'],
    );
    expect(vita.film.map((e) => e.name)).toEqual(['dev', 'new-a', 'new-b', 'longer', 'old']);
    expect(vita.television).toEqual([]);
    expect(vita.film.some((e) => 'position' in e || 'visible' in e)).toBe(false);
  });

  it('shapes education entries: autodidact ones carry only name and info, others every date field', () => {
    const vita = servedVita(
      { education: [{ id: 1, name: 'Self-taught', info: 'coaching', autodidact: true }, { id: 2, name: 'School', year_from: 2010, year_to: 2013 }] },
      ['education'],
    );
    expect(vita.education).toEqual([
      { name: 'Self-taught', info: 'coaching' },
      { id: 2, name: 'School', info: null, month_from: null, year_from: 2010, month_to: null, year_to: 2013, qualification: null },
    ]);
  });
});

describe('common detail pieces', () => {
  it('serves about_me in the asked language or null', () => {
    expect(localizedText({ en: 'Hi', de: 'Hallo' }, 'de')).toBe('Hallo');
    expect(localizedText({ en: 'Hi' }, 'fr')).toBeNull();
    expect(localizedText('Hi', 'en')).toBe('Hi');
    expect(localizedText('Hi', 'de')).toBeNull();
  });

  it('puts residences before housing options, keeping data order', () => {
    const locations = servedLocations([{ type: 'accommodation', name: 'a' }, { type: 'place', name: 'b' }, { type: 'place', name: 'c' }] as never);
    expect((locations as { name: string }[]).map((l) => l.name)).toEqual(['b', 'c', 'a']);
  });

  it('makes /media/ paths absolute and leaves other URLs alone', () => {
    expect(absoluteMediaUrls({ a: '/media/x.png', b: ['https://e.example/y', '/media/z'], c: 1 }, 'http://h:1')).toEqual({
      a: 'http://h:1/media/x.png',
      b: ['https://e.example/y', 'http://h:1/media/z'],
      c: 1,
    });
  });
});
