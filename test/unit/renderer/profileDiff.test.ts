/**
 * The change history's diff, one field at a time: each edit of a detail yields exactly its own
 * field, with the compact references the timeline shows; unrelated edits and reordering yield none.
 */
import { describe, expect, it } from 'vitest';
import type { ActorDetail, CrewDetail, Picture } from '../../../contract/directory-api.ts';
import { diffProfiles } from '../../../renderer/src/history/profileDiff.ts';

function picture(id: number, extra: Partial<Picture> = {}): Picture {
  const url = `/media/pictures/${id}/original.jpg`;
  return { id, copyright: null, url, versions: { original: url, large: url, thumb: url, thumb_large: url }, orientation: 'portrait', dimensions: [900, 1600], ...extra };
}

function actor(): ActorDetail {
  return {
    id: 7,
    first_name: 'Lena',
    last_name: 'Brandt',
    updated_at: '2026-01-10T10:00:00.000Z',
    acting_age_from: 25,
    acting_age_to: 35,
    height: 170,
    weight: 60,
    city: 'Berlin',
    representative: { id: 501, name: 'Erika Agent' },
    talent_agency_connections: [{ talent_agency_id: 1, talent_agency_name: 'Agentur Eins', connection_type: 'primary_agency', categories: [], regions: [] }],
    languages: { deu: 'native', eng: 'fluent' },
    dialects: { bairisch: 'kann' },
    native_dialects: ['berlinerisch'],
    instruments: { gitarre: 'gut' },
    sports: ['fussball'],
    drivers_licenses: ['pkw-klasse-b'],
    pictures: [picture(101, { main_picture: true }), picture(102)],
    showreels: [{ name: 'Demo', url: 'https://video.example/1.mp4', type: 'video' }],
    about_me: 'Ich spiele gern.',
    vita: {
      film: [{ name: 'Toni Erdmann', role: 'Anna', year_from: 2016, director: 'Maren Ade' }],
      theatre: [{ name: 'Hamlet', role: 'Ophelia', year_from: 2019, theater_name: 'Schaubühne' }],
    },
  };
}

const changed = (edit: (detail: ActorDetail) => void): ActorDetail => {
  const next = structuredClone(actor());
  edit(next);
  next.updated_at = '2026-02-01T10:00:00.000Z';
  return next;
};

describe('diffProfiles', () => {
  it('finds nothing when only updated_at, unfollowed fields or the order of lists change', () => {
    expect(diffProfiles(actor(), changed(() => {}))).toEqual([]);
    const reordered = changed((detail) => {
      detail.weight = 65;
      detail.city = 'Hamburg';
      detail.pictures = [...detail.pictures!].reverse();
      detail.languages = { eng: 'fluent', deu: 'native' };
      detail.vita!.film![0]!.favorite = true;
    });
    expect(diffProfiles(actor(), reordered)).toEqual([]);
  });

  it('new and removed pictures', () => {
    const next = changed((detail) => {
      detail.pictures = [detail.pictures![0]!, picture(103), picture(104)];
    });
    expect(diffProfiles(actor(), next)).toEqual([{ field: 'pictures', added: [103, 104], removed: [102] }]);
  });

  it('a new main picture', () => {
    const next = changed((detail) => {
      detail.pictures = [picture(101), picture(102, { main_picture: true })];
    });
    expect(diffProfiles(actor(), next)).toEqual([{ field: 'mainPicture', from: 101, to: 102 }]);
  });

  it('new credits and one edited (old gone, new there)', () => {
    const next = changed((detail) => {
      detail.vita!.television = [{ name: 'Tatort', role: 'Kommissarin', year_from: 2025 }];
      detail.vita!.theatre![0]!.role = 'Gertrud';
    });
    expect(diffProfiles(actor(), next)).toEqual([
      {
        field: 'credits',
        added: [
          { group: 'television', name: 'Tatort', role: 'Kommissarin', year: 2025 },
          { group: 'theatre', name: 'Hamlet', role: 'Gertrud', year: 2019 },
        ],
        removed: [{ group: 'theatre', name: 'Hamlet', role: 'Ophelia', year: 2019 }],
      },
    ]);
  });

  it('agency and agent changes', () => {
    const next = changed((detail) => {
      detail.talent_agency_connections = [{ talent_agency_id: 2, talent_agency_name: 'Agentur Zwei', connection_type: 'primary_agency', categories: [], regions: [] }];
      detail.representative = { id: 502, name: 'Max Agent' };
    });
    expect(diffProfiles(actor(), next)).toEqual([
      { field: 'agencies', added: [{ id: 2, name: 'Agentur Zwei', type: 'primary_agency' }], removed: [{ id: 1, name: 'Agentur Eins', type: 'primary_agency' }] },
      { field: 'agent', from: { id: 501, name: 'Erika Agent' }, to: { id: 502, name: 'Max Agent' } },
    ]);
  });

  it('acting age and height', () => {
    const next = changed((detail) => {
      detail.acting_age_to = 40;
      detail.height = null;
    });
    expect(diffProfiles(actor(), next)).toEqual([
      { field: 'actingAge', from: { from: 25, to: 35 }, to: { from: 25, to: 40 } },
      { field: 'height', from: 170, to: null },
    ]);
  });

  it('languages: a new one, a dropped dialect, a better level', () => {
    const next = changed((detail) => {
      detail.languages = { deu: 'native', eng: 'native', fra: 'basic' };
      detail.dialects = {};
    });
    expect(diffProfiles(actor(), next)).toEqual([
      {
        field: 'languages',
        added: [{ catalogue: 'languages', key: 'fra', level: 'basic' }],
        removed: [{ catalogue: 'dialects', key: 'bairisch', level: 'kann' }],
        changed: [{ catalogue: 'languages', key: 'eng', from: 'fluent', to: 'native' }],
      },
    ]);
  });

  it('skills: instruments, sports and licences', () => {
    const next = changed((detail) => {
      detail.instruments = { gitarre: 'sehr_gut' };
      detail.sports = ['fussball', 'reiten'];
      detail.drivers_licenses = [];
    });
    expect(diffProfiles(actor(), next)).toEqual([
      {
        field: 'skills',
        added: [{ catalogue: 'sports', key: 'reiten', level: null }],
        removed: [{ catalogue: 'drivers_licenses', key: 'pkw-klasse-b', level: null }],
        changed: [{ catalogue: 'instruments', key: 'gitarre', from: 'gut', to: 'sehr_gut' }],
      },
    ]);
  });

  it('showreels and about me', () => {
    const next = changed((detail) => {
      detail.external_showreels = ['https://vimeo.example/9'];
      detail.about_me = 'Ich spiele sehr gern.';
    });
    expect(diffProfiles(actor(), next)).toEqual([
      { field: 'showreels', added: [{ name: null, url: 'https://vimeo.example/9' }], removed: [] },
      { field: 'aboutMe' },
    ]);
  });

  it('details asked in two content languages: about me in another language is no change, a new picture is', () => {
    const german = changed((detail) => {
      detail.about_me = 'I like to act.';
      detail.about_me_html = '<p>I like to act.</p>';
    });
    german.updated_at = actor().updated_at;
    expect(diffProfiles(actor(), german, { sameContentLocale: false })).toEqual([]);
    const withPicture = changed((detail) => {
      detail.about_me = 'I like to act.';
      detail.pictures = [...detail.pictures!, picture(103)];
    });
    expect(diffProfiles(actor(), withPicture, { sameContentLocale: false })).toEqual([{ field: 'pictures', added: [103], removed: [] }]);
    // In one language the same text change is an edit.
    expect(diffProfiles(actor(), withPicture, { sameContentLocale: true })).toEqual([{ field: 'pictures', added: [103], removed: [] }, { field: 'aboutMe' }]);
  });

  it('a crew profile: its one agency and its credits', () => {
    const crew: CrewDetail = { id: 3, first_name: 'Ada', last_name: 'Kamera', professions: ['kamera'], talent_agency_id: 4, updated_at: '2026-01-01T00:00:00.000Z', vita: { film: [] } };
    const next: CrewDetail = { ...crew, talent_agency_id: 5, vita: { film: [{ name: 'Oh Boy', year_to: 2012 }] }, updated_at: '2026-02-01T00:00:00.000Z' };
    expect(diffProfiles(crew, next)).toEqual([
      { field: 'credits', added: [{ group: 'film', name: 'Oh Boy', role: null, year: 2012 }], removed: [] },
      { field: 'agencies', added: [{ id: 5, name: null, type: 'primary_agency' }], removed: [{ id: 4, name: null, type: 'primary_agency' }] },
    ]);
  });

  it('is deterministic: the same details give equal JSON', () => {
    const next = changed((detail) => {
      detail.pictures = [picture(104), picture(103)];
      detail.languages = { fra: 'basic', ita: 'basic' };
    });
    expect(JSON.stringify(diffProfiles(actor(), next))).toBe(JSON.stringify(diffProfiles(structuredClone(actor()), structuredClone(next))));
  });
});
