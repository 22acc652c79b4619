/**
 * Showreels of demo profiles: video showreels link to external video sites or, every third, to a
 * WebM the service serves (`/media/showreels/<id>.webm`); audio showreels to a WAV the service
 * generates itself (`/media/showreels/<id>.wav`).
 */
import { flat } from './flatString.ts';
import type { FixtureActor } from '../fixture/schema.ts';
import type { IdSequence } from './idSequence.ts';
import type { Random } from './random.ts';
import { encodeLook, lookFromNumber } from '../media/portraitLook.ts';
import { pictureUrl } from './pictures.ts';

type FixtureShowreel = NonNullable<FixtureActor['showreels']>[number];

export interface DemoShowreels {
  showreels: FixtureShowreel[];
  showreel_ids: number[];
  showreel_medium_ids: number[];
  external_showreels: string[];
}

const videoNames = ['Showreel', 'Showreel Drama', 'Showreel Komödie', 'Szenenausschnitte', 'Demo Reel', 'E-Casting Auswahl', 'Kurzfilm-Ausschnitte'];
const posterStudios = ['Reel Factory', 'Studio Nord', 'Bildwerk', 'Showreel Manufaktur', 'Filmstill Berlin'];
const audioNames = ['Sprecherdemo', 'Hörprobe Werbung', 'Hörbuch-Ausschnitt', 'Gesangsprobe', 'Voice Reel', 'Hörspiel-Szenen'];

export function externalVideoUrl(random: Random): string {
  return flat(random.chance(0.6) ? `https://www.youtube.com/watch?v=${random.token(11)}` : `https://vimeo.com/${random.int(100_000_000, 999_999_999)}`);
}

/**
 * A video showreel's link: every third (by id) a WebM the service serves itself, so a video plays
 * in the app as the audio reels do; the others a page on a video site. The site's link is drawn
 * either way, so the rest of the demo stays what the seed made before the WebMs came.
 */
function videoUrl(random: Random, id: number): string {
  const page = externalVideoUrl(random);
  return id % 3 === 0 ? flat(`/media/showreels/${id}.webm`) : page;
}

/**
 * 0 to 3 showreels of both types, a few invisible, with their showreel and medium ids: each visible
 * showreel names its own media; the profile's last 0 to 2 media belong to no showreel (the provider
 * links such media to credits or skills).
 */
export function generateShowreels(random: Random, ids: IdSequence, year: number): DemoShowreels {
  const showreels: FixtureShowreel[] = [];
  const showreelIds: number[] = [];
  const mediumIds: number[] = [];
  const count = random.count([25, 40, 25, 10]);
  for (let i = 0; i < count; i++) {
    const id = ids.next('showreel');
    const audio = random.chance(0.35);
    const showreel: FixtureShowreel = audio
      ? { name: random.pick(audioNames), url: flat(`/media/showreels/${id}.wav`), type: 'audio' }
      : { name: flat(`${random.pick(videoNames)} ${year - random.int(0, 4)}`), url: videoUrl(random, id), type: 'video' };
    if (!audio && random.chance(0.7)) {
      // A poster: a still of someone in the reel, rendered by the service like every demo picture.
      const pictureId = ids.next('picture');
      showreel.poster = pictureUrl(pictureId, 'large', encodeLook(lookFromNumber(pictureId)));
      if (random.chance(0.8)) showreel.poster_copyright = flat(`© ${year - random.int(0, 4)} ${random.pick(posterStudios)}`);
    }
    if (random.chance(0.08)) {
      showreel.visible = false;
    } else {
      showreelIds.push(id);
      const media: number[] = [];
      for (let m = random.int(1, 2); m > 0; m--) media.push(ids.next('showreel_medium'));
      showreel.showreel_medium_ids = media;
      mediumIds.push(...media);
    }
    showreels.push(showreel);
  }
  for (let m = random.int(0, 2); m > 0; m--) mediumIds.push(ids.next('showreel_medium'));
  const external = Array.from({ length: random.count([50, 35, 15]) }, () => externalVideoUrl(random));
  return { showreels, showreel_ids: showreelIds, showreel_medium_ids: mediumIds, external_showreels: external };
}
