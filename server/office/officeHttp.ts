/**
 * The office server's HTTP side, on the same port as its WebSocket (Hocuspocus onRequest):
 * `GET /health`, and membership management validated with zod. Only the owner (Bearer token)
 * invites, lists members, sets roles and revokes; joining takes an invite code instead.
 *
 *   POST   /offices/:office/invites              {role, listId?}   → 201 {code, expiresAt}
 *   POST   /offices/:office/members              {code, name}      → 201 {memberId, token}
 *   GET    /offices/:office/members                                → 200 {members} in the order they joined, with when each joined and was last seen
 *   PUT    /offices/:office/members/:member/role {role, listId?}   → 204 (disconnected to reopen with it)
 *   DELETE /offices/:office/members/:member/lists/:list/role      → 204 (the office role applies there again)
 *   DELETE /offices/:office/members/:member                        → 204 (revoked, disconnected)
 *   GET    /offices/:office/lists   (any member)                  → 200 {office, member, lists} the member may open
 *   DELETE /offices/:office/lists/:list (an editor of the list)    → 204 (removed from the office, its members disconnected)
 *
 * Removing a list is allowed to whoever edits it: the owner (who edits every list) and a member
 * whose role on that list is editor. An editor can already empty the list entry by entry, so
 * taking it out of the office gives them no power they lack, while a reviewer or viewer, who may
 * not change the list, may not remove it (403). 404: the office has no such list (never written,
 * or removed already); asked only after the role, so a member who may not edit learns nothing
 * about which lists exist. Every connection to that list is closed with `accessRemovedReason` (on
 * every instance behind Redis: memberDisconnects.ts), each member's app keeps its copy as a
 * personal list, and their other lists on the same socket go on untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Extension, Hocuspocus } from '@hocuspocus/server';
import { z } from 'zod';
import type { OfficeMember } from '../../contract/officeBridge.ts';
import { isOfficeId, officeDocumentName } from './documentName.ts';
import type { OfficeDirectory } from './listDirectory.ts';
import type { ListRemoval } from './listRemoval.ts';
import type { MemberDisconnects } from './memberDisconnects.ts';
import { grantedRoleOn, roleOn, roles, type Member, type MemberAccess, type Members, type Role } from './members.ts';

/** The office's lists a member may open (listDirectory.ts, bound to the database). */
export type ListDirectory = (officeId: string, roleOf: (listId: string) => Role | 'none') => Promise<OfficeDirectory>;

const maxBodyBytes = 16 * 1024;
const listIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const grantSchema = z.strictObject({ role: z.enum(roles), listId: listIdSchema.optional() });
const joinSchema = z.strictObject({ code: z.string().min(1).max(200), name: z.string().trim().min(1).max(200) });

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBodyBytes) throw new HttpError(413, 'body-too-large', `The body may hold at most ${maxBodyBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid-json', 'The body is not JSON.');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'invalid-body', z.prettifyError(result.error));
  return result.data;
}

export function officeHttp(
  members: Members,
  disconnects: MemberDisconnects,
  directory: ListDirectory,
  removal: ListRemoval,
  instance: () => Hocuspocus,
  log: (line: string) => void,
): Extension {
  function bearer(request: IncomingMessage): string {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  }

  async function owner(request: IncomingMessage, officeId: string): Promise<Member> {
    const token = bearer(request);
    const member = token ? await members.authenticate(token) : null;
    if (!member) throw new HttpError(401, 'unauthenticated', 'Send the owner token as "Authorization: Bearer <token>".');
    if (member.officeId !== officeId || !member.isOwner) throw new HttpError(403, 'forbidden', 'Only the office owner manages members.');
    return member;
  }

  /** A live member of this office, with their list roles (a member of another office is refused). */
  async function memberOf(request: IncomingMessage, officeId: string): Promise<MemberAccess> {
    const token = bearer(request);
    const access = token ? await members.access(token) : null;
    if (!access) throw new HttpError(401, 'unauthenticated', 'Send a member token as "Authorization: Bearer <token>".');
    if (access.member.officeId !== officeId) throw new HttpError(403, 'forbidden', 'The token belongs to another office.');
    return access;
  }

  async function route(request: IncomingMessage, response: ServerResponse, path: string[]): Promise<void> {
    const method = request.method ?? 'GET';
    if (path.length === 1 && path[0] === 'health' && method === 'GET') {
      const hocuspocus = instance();
      send(response, 200, { status: 'ok', documents: hocuspocus.getDocumentsCount(), connections: hocuspocus.getConnectionsCount() });
      return;
    }
    if (path[0] !== 'offices' || !path[1] || !isOfficeId(path[1])) throw new HttpError(404, 'not-found', 'No such path.');
    const officeId = path[1];
    const rest = path.slice(2).join('/');
    if (rest === 'invites' && method === 'POST') {
      await owner(request, officeId);
      send(response, 201, await members.invite(officeId, parse(grantSchema, await readJson(request))));
    } else if (rest === 'members' && method === 'POST') {
      const { code, name } = parse(joinSchema, await readJson(request));
      const joined = await members.join(officeId, code, name);
      if (!joined) throw new HttpError(403, 'invite-invalid', 'The invite code is unknown, used or expired.');
      send(response, 201, joined);
    } else if (rest === 'members' && method === 'GET') {
      await owner(request, officeId);
      const answer: { members: OfficeMember[] } = { members: await members.list(officeId) };
      send(response, 200, answer);
    } else if (rest === 'lists' && method === 'GET') {
      const access = await memberOf(request, officeId);
      const { officeName, lists } = await directory(officeId, (listId) => roleOn(access, listId));
      const { id, name, officeRole, isOwner } = access.member;
      send(response, 200, { office: { id: officeId, name: officeName }, member: { id, name, officeRole, isOwner }, lists });
    } else if (path.length === 4 && path[2] === 'lists' && method === 'DELETE') {
      const listId = parse(listIdSchema, path[3]);
      const access = await memberOf(request, officeId);
      if (grantedRoleOn(access, listId) !== 'editor') throw new HttpError(403, 'forbidden', 'Only an editor of the list (or the office owner) removes it.');
      if (!(await removal.remove(officeId, listId, access.member.id))) throw new HttpError(404, 'no-list', 'The office has no such list.');
      const memberIds = (await members.list(officeId)).filter((member) => !member.revoked).map((member) => member.id);
      await disconnects.closeList(officeDocumentName(officeId, listId), memberIds);
      send(response, 204);
    } else if (path.length === 5 && path[2] === 'members' && path[4] === 'role' && method === 'PUT') {
      await owner(request, officeId);
      const grant = parse(grantSchema, await readJson(request));
      if (!(await members.setRole(officeId, path[3], grant))) throw new HttpError(404, 'no-member', 'No such member (or the owner).');
      await disconnects.disconnect(path[3], 'role-changed');
      send(response, 204);
    } else if (path.length === 7 && path[2] === 'members' && path[4] === 'lists' && path[6] === 'role' && method === 'DELETE') {
      await owner(request, officeId);
      const listId = parse(listIdSchema, path[5]);
      if (!(await members.clearListRole(officeId, path[3], listId))) throw new HttpError(404, 'no-member', 'No such member (or the owner).');
      await disconnects.disconnect(path[3], 'role-changed');
      send(response, 204);
    } else if (path.length === 4 && path[2] === 'members' && method === 'DELETE') {
      await owner(request, officeId);
      if (!(await members.revoke(officeId, path[3]))) throw new HttpError(404, 'no-member', 'No such member (or the owner).');
      await disconnects.disconnect(path[3], 'revoked');
      send(response, 204);
    } else {
      throw new HttpError(404, 'not-found', 'No such path.');
    }
  }

  return {
    extensionName: 'castdesk-office-http',
    async onRequest({ request, response }) {
      const path = new URL(request.url ?? '/', 'http://office').pathname.split('/').filter(Boolean);
      try {
        await route(request, response, path);
      } catch (error) {
        if (error instanceof HttpError) {
          send(response, error.status, { error: { code: error.code, message: error.message } });
        } else {
          log(`office: ${request.method} ${request.url} failed: ${(error as Error).stack ?? String(error)}`);
          send(response, 500, { error: { code: 'internal', message: 'The office server could not answer.' } });
        }
      }
      // An empty rejection tells Hocuspocus the request is answered (no default reply).
      return Promise.reject(undefined);
    },
  };
}
