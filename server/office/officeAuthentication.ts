/**
 * Who may open an office document, and how: the token must belong to a live member of the office
 * named in the document name; the member's role on that list decides the connection (a viewer's
 * is read-only, a reviewer's writes go through the write gate's check). A refused token fails
 * authentication; the provider reports it as authenticationFailed. The token is looked up once per
 * socket (accessCache.ts), not once per document. Once connected, the member's app is told its role
 * and member id on the list (contract/officeRoles.ts), so it offers only what the role may do.
 */
import type { Extension } from '@hocuspocus/server';
import { accessRemovedReason, officeRoleMessageType, type OfficeRoleMessage } from '../../contract/officeRoles.ts';
import type { AccessCache } from './accessCache.ts';
import { parseOfficeDocumentName } from './documentName.ts';
import { roleOn, type MemberAccess, type Role } from './members.ts';

export interface OfficeContext {
  officeId: string;
  listId: string;
  memberId: string;
  /** The member's name as the office knows it: what presence and the list's history show. */
  memberName: string;
  role: Role;
}

export function officeAuthentication(accessCache: AccessCache, log: (line: string) => void): Extension {
  return {
    extensionName: 'castdesk-office-authentication',
    async onAuthenticate({ token, documentName, connectionConfig, request }): Promise<OfficeContext> {
      const name = parseOfficeDocumentName(documentName);
      if (!name) throw new Error('unknown-document');
      let access: MemberAccess | null;
      try {
        access = await accessCache.resolve(request, token);
      } catch (error) {
        log(`office: checking a token failed: ${(error as Error).message}`);
        throw new Error('unavailable', { cause: error });
      }
      const role = access ? roleOn(access, name.listId) : 'none';
      if (!access || access.member.officeId !== name.officeId || role === 'none') throw new Error(accessRemovedReason);
      connectionConfig.readOnly = role === 'viewer';
      return { officeId: name.officeId, listId: name.listId, memberId: access.member.id, memberName: access.member.name, role };
    },
    async connected({ connection, context }) {
      const { role, memberId } = context as OfficeContext;
      const message: OfficeRoleMessage = { type: officeRoleMessageType, role, memberId };
      connection.sendStateless(JSON.stringify(message));
    },
  };
}
