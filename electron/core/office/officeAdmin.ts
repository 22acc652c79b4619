/**
 * What a member asks their office over HTTP besides joining: the lists they may open (any member),
 * taking a list out of the office (an editor of it) and, for the owner, invites, members, roles and revoking. The core makes every call itself with
 * the token read from the keychain for the office's own address (officeMembership.credentials),
 * so the token never leaves for another origin and the renderer never needs it for these. The
 * office's answers are checked against the contract's schemas; its refusals become typed errors.
 */
import { z } from 'zod';
import {
  officeDirectorySchema,
  officeInviteSchema,
  officeMemberSchema,
  type OfficeDirectory,
  type OfficeInvite,
  type OfficeMember,
  type OfficeRole,
} from '../../../contract/officeBridge.ts';
import { BridgeFailure } from '../bridge/bridgeFailure.ts';
import { ask, type OfficeMembership } from './officeMembership.ts';

export interface OfficeGrant {
  role: OfficeRole;
  listId?: string;
}

export interface OfficeAdmin {
  directory(id: string): Promise<OfficeDirectory>;
  invite(id: string, grant: OfficeGrant): Promise<OfficeInvite>;
  members(id: string): Promise<OfficeMember[]>;
  setRole(id: string, memberId: string, grant: OfficeGrant): Promise<void>;
  /** Takes the member's role on one list back: their office role applies there again. */
  clearListRole(id: string, memberId: string, listId: string): Promise<void>;
  revoke(id: string, memberId: string): Promise<void>;
  /** Takes a list out of the office ("Stop sharing" by an editor of it): every member keeps a personal copy. */
  removeList(id: string, listId: string): Promise<void>;
}

const membersAnswer = z.object({ members: z.array(officeMemberSchema) });

/** What a 403 and a 404 mean for a request: member management is the owner's, a list's removal its editors'. */
interface RefusalMeaning {
  forbidden: string;
  notFound: BridgeFailure['code'];
  /** What the office lacks when it answers 404. */
  missing: string;
}

const ownersRequest: RefusalMeaning = { forbidden: 'Only the office owner may do this', notFound: 'office_member_not_found', missing: 'no such member (or it is the owner)' };
const listRemoval: RefusalMeaning = { forbidden: 'Only an editor of the list (or the office owner) may take it out of the office', notFound: 'office_list_not_found', missing: 'no such list (or it was taken out already)' };

/** The office's refusals as the bridge's error codes; `what` names the request in messages. */
function refusal(status: number, what: string, meaning: RefusalMeaning): BridgeFailure {
  if (status === 401) return new BridgeFailure('office_token_refused', `The office does not know this computer's token any more (revoked?): ${what} was refused.`);
  if (status === 403) return new BridgeFailure('office_forbidden', `${meaning.forbidden}: ${what} was refused.`);
  if (status === 404) return new BridgeFailure(meaning.notFound, `The office has ${meaning.missing}: ${what} was refused.`);
  if (status === 400) return new BridgeFailure('invalid_input', `The office found the request invalid: ${what}.`);
  return new BridgeFailure('office_bad_response', `The office answered ${status} to ${what}.`);
}

function answerOf<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BridgeFailure('office_bad_response', `The office's answer to ${what} is not the office API.`);
  return parsed.data;
}

export function officeAdmin(membership: OfficeMembership, options: { fetch?: typeof fetch; requestTimeoutMs?: number } = {}): OfficeAdmin {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? 15_000;

  /** One request to the office of record `id`, with its token, at its own address only. */
  async function request(id: string, method: string, path: string, expected: number, what: string, body?: unknown, meaning = ownersRequest): Promise<unknown> {
    const { url, officeId, token } = await membership.credentials(id);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await ask(doFetch, `${url}/offices/${officeId}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, timeoutMs);
    if (answer.status !== expected) throw refusal(answer.status, what, meaning);
    return answer.body;
  }

  const grantBody = (grant: OfficeGrant) => (grant.listId ? { role: grant.role, listId: grant.listId } : { role: grant.role });

  return {
    async directory(id) {
      return answerOf(officeDirectorySchema, await request(id, 'GET', '/lists', 200, 'the list directory'), 'the list directory');
    },
    async invite(id, grant) {
      return answerOf(officeInviteSchema, await request(id, 'POST', '/invites', 201, 'an invite', grantBody(grant)), 'an invite');
    },
    async members(id) {
      return answerOf(membersAnswer, await request(id, 'GET', '/members', 200, 'the member list'), 'the member list').members;
    },
    async setRole(id, memberId, grant) {
      await request(id, 'PUT', `/members/${encodeURIComponent(memberId)}/role`, 204, 'a role change', grantBody(grant));
    },
    async clearListRole(id, memberId, listId) {
      await request(id, 'DELETE', `/members/${encodeURIComponent(memberId)}/lists/${encodeURIComponent(listId)}/role`, 204, 'taking a list role back');
    },
    async revoke(id, memberId) {
      await request(id, 'DELETE', `/members/${encodeURIComponent(memberId)}`, 204, 'revoking a member');
    },
    async removeList(id, listId) {
      await request(id, 'DELETE', `/lists/${encodeURIComponent(listId)}`, 204, 'taking the list out of the office', undefined, listRemoval);
    },
  };
}
