/**
 * Demo audio showreels: a few seconds of a gentle pentatonic melody, deterministic from the
 * showreel id, as a 16-bit mono PCM WAV.
 */
import { LruCache } from './lruCache.ts';
import { hashId } from './pictureGeometry.ts';

export const showreelSampleRate = 22050;
const noteSeconds = 0.4;
const noteCount = 8;
const pentatonic = [0, 2, 4, 7, 9, 12, 14, 16];
const samplesPerNote = Math.round(noteSeconds * showreelSampleRate);
/** The length of every generated showreel, which the showreel_media endpoint reports. */
export const showreelWavSeconds = (samplesPerNote * noteCount) / showreelSampleRate;

const cache = new LruCache(8 * 1024 * 1024);

/** Writes the 44-byte RIFF/WAVE header of 16-bit mono PCM data. */
function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The WAV served at /media/showreels/<id>.wav: 3.2 s of tones chosen by the id. */
export function renderShowreelWav(showreelId: number): Buffer {
  const key = String(showreelId);
  const cached = cache.get(key);
  if (cached) return cached;
  let state = hashId(showreelId);
  const baseHz = 196 * 2 ** (((state >>> 3) % 7) / 12);
  const notes: number[] = [];
  for (let i = 0; i < noteCount; i++) {
    state = hashId(state + i + 1);
    notes.push(baseHz * 2 ** (pentatonic[state % pentatonic.length]! / 12));
  }
  const perNote = samplesPerNote;
  const samples = perNote * noteCount;
  const data = Buffer.alloc(samples * 2);
  for (let n = 0; n < noteCount; n++) {
    const hz = notes[n]!;
    for (let i = 0; i < perNote; i++) {
      const t = i / showreelSampleRate;
      const attack = Math.min(1, i / (0.02 * showreelSampleRate));
      const envelope = attack * Math.exp(-3.5 * t);
      const tone = Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t);
      data.writeInt16LE(Math.round(tone * envelope * 0.45 * 32767 / 1.3), (n * perNote + i) * 2);
    }
  }
  const wav = Buffer.concat([wavHeader(data.length, showreelSampleRate), data]);
  cache.set(key, wav);
  return wav;
}
