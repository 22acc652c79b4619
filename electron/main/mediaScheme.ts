/**
 * `castdesk-media:?c=<connection>&u=<picture URL>`: pictures for the renderer, always through the
 * back end's media cache (which fetches, stores and refuses anything that is not an image).
 */
import { protocol } from 'electron';
import { mediaScheme } from '../../contract/bridge.ts';
import type { BackEnd } from '../core/backEnd.ts';

/** A handler for `protocol.handle(mediaScheme, …)`; turns the back end's answer into a Response and never throws. */
export function createMediaHandler(backEnd: Pick<BackEnd, 'serveMedia'>): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    try {
      const answer = await backEnd.serveMedia(new URL(request.url).searchParams);
      const body = request.method === 'HEAD' || answer.status === 204 || answer.status === 304 ? null : answer.body;
      return new Response(body, { status: answer.status, headers: { 'x-content-type-options': 'nosniff', ...answer.headers } });
    } catch {
      return new Response('Media unavailable', { status: 500 });
    }
  };
}

/** Serves the media cache under castdesk-media: on the default session. */
export function serveMediaScheme(backEnd: Pick<BackEnd, 'serveMedia'>): void {
  protocol.handle(mediaScheme, createMediaHandler(backEnd));
}
