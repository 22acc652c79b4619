/**
 * Picture metadata of demo profiles. URLs are relative (`/media/pictures/<id>/<id>-<look>-<version>.png`):
 * every file has a name of its own (clients tell pictures apart by file name, as the provider's
 * names are unique), and the look code (server/src/media/portraitLook.ts) makes every picture of a
 * person show the same face. The service renders them in its media routes, and the orientation
 * follows the picture id (see server/src/media/pictureGeometry.ts) so metadata and image agree.
 */
import { flat } from './flatString.ts';
import type { FixtureActor } from '../fixture/schema.ts';
import { pictureFileName, pictureOrientation, pictureSize, type MediaPictureVersion } from '../media/pictureGeometry.ts';
import { decodeLook, lookFromNumber } from '../media/portraitLook.ts';
import { portraitHeadBox } from '../media/portraitPainter.ts';
import { daysFrom, formatDatetime } from './datetime.ts';
import type { IdSequence } from './idSequence.ts';
import type { Random } from './random.ts';

type FixturePicture = NonNullable<FixtureActor['pictures']>[number];

const photographers = ['Jana Kessler', 'Tom Wieland', 'Mirjam Frei', 'Studio Lichtblick', 'Hanna Ostermann', 'Paolo Bianchi', 'Agnieszka Nowak', 'Lars Berg', 'Fotostudio Nordlicht'];

export function pictureUrl(pictureId: number, version: MediaPictureVersion, look: string): string {
  return flat(`/media/pictures/${pictureId}/${pictureFileName(pictureId, version, look)}`);
}

/**
 * A square crop that keeps the painted head whole, as an actor's chosen crop does: exports and
 * contact sheets show the crop, and a random one cut through faces. Draws the same numbers as the
 * random crop it replaces, so the rest of a seeded demo stays the same.
 */
function faceCrop(random: Random, id: number, look: string, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const head = portraitHeadBox(decodeLook(look) ?? lookFromNumber(id), id, width, height);
  const largest = Math.min(width, height);
  const smallest = Math.min(largest, Math.max(Math.ceil(largest * 0.5), Math.ceil(head.x1) - Math.floor(head.x0), Math.ceil(head.y1) - Math.floor(head.y0)));
  const side = Math.round(smallest + (largest - smallest) * random.next());
  /** Where the crop may start on one axis so it holds [from, to] and stays inside the picture. */
  const start = (from: number, to: number, size: number) => {
    const low = Math.max(0, Math.ceil(to) - side);
    return random.int(low, Math.max(low, Math.min(size - side, Math.floor(from))));
  };
  return { x: start(head.x0, head.x1, width), y: start(head.y0, head.y1, height), w: side, h: side };
}

function basePicture(random: Random, id: number, look: string, now: Date, withPortraitThumb: boolean, withCreatedAt: boolean): FixturePicture {
  const orientation = pictureOrientation(id);
  const [width, height] = pictureSize('original', orientation);
  const recorded = daysFrom(now, -30 - random.next() * 365 * 8);
  const copyrightStyle = random.int(0, 9);
  const photographer = random.pick(photographers);
  const original = pictureUrl(id, 'original', look);
  const picture: FixturePicture = {
    id,
    copyright: copyrightStyle < 5 ? flat(`Foto: ${photographer}`) : copyrightStyle < 8 ? flat(`© ${photographer} ${recorded.getUTCFullYear()}`) : '',
    url: original,
    versions: {
      original,
      large: pictureUrl(id, 'large', look),
      thumb: pictureUrl(id, 'thumb', look),
      thumb_large: pictureUrl(id, 'thumb_large', look),
      ...(withPortraitThumb ? { thumb_portrait: pictureUrl(id, 'thumb_portrait', look) } : {}),
    },
    orientation,
    dimensions: [width, height],
    year: recorded.getUTCFullYear(),
    recorded_at: random.chance(0.7) ? formatDatetime(recorded) : null,
  };
  if (withCreatedAt) picture.created_at = formatDatetime(daysFrom(recorded, 1 + random.next() * 20));
  if (random.chance(0.3)) picture.crop_coordinates = faceCrop(random, id, look, width, height);
  return picture;
}

/** Hides a few pictures or leaves them processing, never the first one of the gallery. */
function markHidden(random: Random, pictures: FixturePicture[]): void {
  pictures.forEach((picture, index) => {
    if (index === 0) return;
    if (random.chance(0.04)) picture.visible = false;
    else if (random.chance(0.02)) picture.processing = true;
  });
}

const showable = (p: FixturePicture): boolean => p.visible !== false && p.processing !== true;

/**
 * An actor gallery of 1 to 12 pictures: `position` is the base order; the landscape and portrait
 * main pictures (preferably of that orientation) move first in their own orders. The array follows
 * landscape_position, as the spec returns it.
 */
export function generateActorPictures(random: Random, ids: IdSequence, now: Date, look: string): FixturePicture[] {
  const count = random.chance(0.5) ? random.int(1, 4) : random.int(5, 12);
  const pictures = Array.from({ length: count }, () => basePicture(random, ids.next('picture'), look, now, true, true));
  markHidden(random, pictures);
  pictures.forEach((picture, index) => (picture.position = index + 1));
  const candidates = pictures.filter(showable);
  const mainFor = (orientation: string): FixturePicture => {
    const fitting = candidates.filter((p) => p.orientation === orientation);
    return random.chance(0.85) && fitting.length > 0 ? random.pick(fitting) : random.pick(candidates);
  };
  const landscapeMain = mainFor('landscape');
  const portraitMain = mainFor('portrait');
  const order = (main: FixturePicture): FixturePicture[] => [main, ...pictures.filter((p) => p !== main)];
  order(landscapeMain).forEach((picture, index) => (picture.landscape_position = index + 1));
  order(portraitMain).forEach((picture, index) => (picture.portrait_position = index + 1));
  for (const picture of pictures) {
    picture.main_picture = picture === landscapeMain;
    picture.main_picture_portrait = picture === portraitMain;
  }
  return pictures.sort((a, b) => a.landscape_position! - b.landscape_position!);
}

/** A crew gallery of 1 to 6 pictures ordered by `position`; the first is the main picture. */
export function generateCrewPictures(random: Random, ids: IdSequence, now: Date, look: string): FixturePicture[] {
  const count = random.int(1, 6);
  const pictures = Array.from({ length: count }, () => basePicture(random, ids.next('picture'), look, now, false, false));
  markHidden(random, pictures);
  pictures.forEach((picture, index) => {
    picture.position = index + 1;
    picture.main_picture = index === 0;
  });
  return pictures;
}
