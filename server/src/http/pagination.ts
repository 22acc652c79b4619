/**
 * Pagination headers: `Link` with next, prev, first and last (every other query parameter kept),
 * `Total` and `Per-Page`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Links are built from the configured public URL and the matched route's canonical path (not the
 * path as the client spelled it, nor its Host header); only the query is the client's.
 */
export function setPaginationHeaders(request: FastifyRequest, reply: FastifyReply, publicUrl: string, page: number, perPage: number, total: number): void {
  const url = new URL(`${publicUrl}${request.routeOptions.url ?? ''}`);
  const queryStart = request.url.indexOf('?');
  if (queryStart >= 0) url.search = request.url.slice(queryStart);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (target: number, rel: string) => {
    url.searchParams.set('page', String(target));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(1, 'first'), link(Math.min(page - 1, lastPage), 'prev'));
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'));
  if (links.length > 0) reply.header('Link', links.join(', '));
  reply.header('Total', String(total));
  reply.header('Per-Page', String(perPage));
}
