/**
 * office.renderer_added_kb: what the office adds to the renderer's bundle, gzipped. Vite builds the
 * renderer's office store (renderer/src/stores/officeLists.ts) and everything it pulls in
 * (@hocuspocus/provider, yjs, y-dexie, the office modules) minified, leaving out what the renderer
 * ships anyway (vue, pinia, dexie, zod), and the output is gzipped as a server would send it.
 */
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { bench } from './stats.ts';

const root = new URL('../../', import.meta.url).pathname;
/** Already in the renderer without the office. */
const shippedAnyway = [/^vue$/, /^pinia$/, /^dexie$/, /^zod(\/|$)/];

export async function measureOfficeRendererSize(): Promise<void> {
  const output = (await build({
    root,
    logLevel: 'silent',
    configFile: false,
    build: {
      write: false,
      minify: true,
      lib: { entry: `${root}renderer/src/stores/officeLists.ts`, formats: ['es'], fileName: 'office' },
      rollupOptions: { external: shippedAnyway },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output).filter((item) => item.type === 'chunk');
  const gzipped = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).byteLength, 0);
  bench('office.renderer_added_kb', Math.round((gzipped / 1024) * 10) / 10, 'KB');
}
