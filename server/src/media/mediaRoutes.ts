/**
 * The directory's own media host: generated portraits and audio showreels, referenced
 * by relative `/media/...` URLs in the demo data. Public like the provider's image host (no key),
 * immutable (content is a pure function of the URL), independent of the database.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DirectoryErrorBody } from '../../../contract/directory-errors.ts';
import { isMediaPictureVersion, parsePictureFileName, type MediaPictureVersion } from './pictureGeometry.ts';
import { renderPicturePng } from './placeholderPortrait.ts';
import { decodeLook, encodeLook, lookFromNumber, type PortraitLook } from './portraitLook.ts';
import { renderShowreelWav } from './wav.ts';
import { demoShowreelWebm } from './webm.ts';

/** Bumped whenever the rendering changes, so clients holding old ETags refetch. */
const renderRevision = 'r2';
const idPattern = /^[1-9][0-9]{0,14}$/;

interface RequestedPicture {
  pictureId: number;
  version: MediaPictureVersion;
  look: PortraitLook;
  lookCode: string;
}

/**
 * The picture a URL names: `<id>-<look>-<version>.png` (the demo's unique names) or the older
 * `<version>.png`, whose look follows from the id.
 */
function pictureFromUrl(id: string, file: string): RequestedPicture | undefined {
  if (!idPattern.test(id)) return undefined;
  const named = parsePictureFileName(file);
  if (named) {
    const look = decodeLook(named.look);
    return named.pictureId === Number(id) && look ? { pictureId: named.pictureId, version: named.version, look, lookCode: named.look } : undefined;
  }
  const version = file.endsWith('.png') ? file.slice(0, -4) : '';
  if (!isMediaPictureVersion(version)) return undefined;
  const look = lookFromNumber(Number(id));
  return { pictureId: Number(id), version, look, lookCode: encodeLook(look) };
}

function notFound(reply: FastifyReply, message: string): FastifyReply {
  const body: DirectoryErrorBody = { error: { code: 'not_found', message } };
  return reply.code(404).type('application/json; charset=utf-8').send(body);
}

/** True when the If-None-Match header names this ETag (or is `*`); weak comparison. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

function sendMedia(request: FastifyRequest, reply: FastifyReply, etag: string, type: string, body: () => Buffer): FastifyReply {
  reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const buffer = body();
  return reply.type(type).header('Content-Length', buffer.length).send(buffer);
}

/**
 * Mounts GET /media/pictures/:id/:version.png and GET /media/showreels/:id.wav|.webm (and a JSON 404 for
 * anything else under /media/). Call it on the root instance, before the app is ready.
 */
export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string; file: string } }>('/media/pictures/:id/:file', async (request, reply) => {
    const picture = pictureFromUrl(request.params.id, request.params.file);
    if (!picture) {
      return notFound(
        reply,
        `No picture at ${request.url.split('?')[0]}: expected /media/pictures/<positive id>/<id>-<look>-<version>.png or /media/pictures/<positive id>/<version>.png, version one of original, large, thumb, thumb_large, thumb_portrait`,
      );
    }
    const { pictureId, version, look, lookCode } = picture;
    return sendMedia(request, reply, `"picture-${pictureId}-${lookCode}-${version}-${renderRevision}"`, 'image/png', () =>
      renderPicturePng(pictureId, version, undefined, look),
    );
  });

  app.get<{ Params: { file: string } }>('/media/showreels/:file', async (request, reply) => {
    const { file } = request.params;
    const match = /^(\d+)\.(wav|webm)$/.exec(file);
    const id = match?.[1] ?? '';
    if (!match || !idPattern.test(id)) {
      return notFound(reply, `No showreel at ${request.url.split('?')[0]}: expected /media/showreels/<positive id>.wav or .webm`);
    }
    const showreelId = Number(id);
    if (match[2] === 'webm') return sendMedia(request, reply, `"showreel-video-${renderRevision}"`, 'video/webm', demoShowreelWebm);
    return sendMedia(request, reply, `"showreel-${showreelId}-${renderRevision}"`, 'audio/wav', () => renderShowreelWav(showreelId));
  });

  app.get('/media/*', async (request, reply) => notFound(reply, `No media at ${request.url.split('?')[0]}`));
}
