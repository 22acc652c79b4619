/**
 * A showreel and a showreel medium as the provider's showreels and showreel_media endpoints answer
 * them (docs/showreels.md, docs/showreel-media.md), built from the profile that holds them. Our
 * data knows a showreel's name, type, link, media and poster; everything else the provider documents
 * is answered as absent (null, false, empty) rather than invented (API-NOTES.md).
 */
import type { FixtureActor } from '../fixture/schema.ts';
import { absoluteMediaUrls } from './common.ts';

type StoredShowreel = NonNullable<FixtureActor['showreels']>[number];

/** The part of a stored profile the two endpoints read. */
export interface ShowreelHolder {
  showreels?: StoredShowreel[];
  showreel_ids?: number[];
}

interface ServedShowreel {
  id: number;
  /** 1-based place among the profile's visible showreels. */
  position: number;
  showreel: StoredShowreel;
}

/** A service path of a generated WAV: its length is known (server/src/media/wav.ts). */
const generatedWavPath = /^\/media\/showreels\/\d+\.wav$/;

/**
 * The profile's visible showreels with their ids: `showreel_ids` lists the ids of the visible
 * showreels in the order the profile serves them, so the n-th id names the n-th visible showreel.
 */
function servedShowreelsWithIds(holder: ShowreelHolder): ServedShowreel[] {
  const visible = (holder.showreels ?? []).filter((showreel) => showreel.visible !== false);
  return (holder.showreel_ids ?? []).flatMap((id, index) => {
    const showreel = visible[index];
    return showreel ? [{ id, position: index + 1, showreel }] : [];
  });
}

/** GET /api/v1/showreels/{id}: the showreel, or undefined when the profile serves none with that id. */
export function showreelView(holder: ShowreelHolder, id: number, baseUrl: string): Record<string, unknown> | undefined {
  const found = servedShowreelsWithIds(holder).find((served) => served.id === id);
  if (!found) return undefined;
  return {
    id,
    showreel_type: found.showreel.type,
    name: found.showreel.name,
    position: found.position,
    poster_copyright: found.showreel.poster ? (found.showreel.poster_copyright ?? null) : null,
    download: false,
    showreel_medium_ids: found.showreel.showreel_medium_ids ?? [],
    poster: absoluteMediaUrls(found.showreel.poster ?? null, baseUrl),
  };
}

/**
 * GET /api/v1/showreel_media/{id}: a medium of one of the profile's visible showreels takes that
 * showreel's type, name and link (an audio file is the `asset`); a medium of the profile that no
 * showreel names is linked to a credit or skill we hold nothing about, so it is a video with no
 * name and no files.
 */
export function showreelMediumView(holder: ShowreelHolder, id: number, baseUrl: string, audioSeconds: number): Record<string, unknown> {
  const owner = servedShowreelsWithIds(holder).find((served) => served.showreel.showreel_medium_ids?.includes(id))?.showreel;
  const audio = owner?.type === 'audio';
  const asset = audio ? absoluteMediaUrls(owner.url, baseUrl) : null;
  return {
    id,
    type: audio ? 'ShowreelAudio' : 'ShowreelVideo',
    name: owner?.name ?? null,
    director: null,
    role: null,
    year: null,
    download: false,
    // A decimal string, as the provider's example writes it ("171.6").
    duration: audio && generatedWavPath.test(owner.url) ? String(audioSeconds) : null,
    skills: [],
    vita_entry_id: null,
    skill: null,
    // The medium's thumbnail: its showreel's poster, where it has one.
    picture: absoluteMediaUrls(owner?.poster ?? null, baseUrl),
    asset,
    proxies: {},
  };
}
