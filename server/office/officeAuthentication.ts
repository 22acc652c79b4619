/**
 * Who may open an office document, and how: the token must belong to a live member of the office
 * named in the document name; the member's role on that list decides the connection (a viewer's
 * is read-only, a reviewer's writes go through the write gate's check). A refused token fails
 * authentication; the provider reports it as authenticationFailed.
 */
import type { Extension } from '@hocuspocus/server';
import { parseOfficeDocumentName } from './documentName.ts';
import type { Members, Role } from './members.ts';

export interface OfficeContext {
  officeId: string;
  listId: string;
  memberId: string;
  role: Role;
}

export function officeAuthentication(members: Members, log: (line: string) => void): Extension {
  return {
    extensionName: 'castdesk-office-authentication',
    async onAuthenticate({ token, documentName, connectionConfig }): Promise<OfficeContext> {
      const name = parseOfficeDocumentName(documentName);
      if (!name) throw new Error('unknown-document');
      let member;
      let role: Role | 'none';
      try {
        member = await members.authenticate(token);
        role = member ? await members.roleOn(member, name.listId) : 'none';
      } catch (error) {
        log(`office: checking a token failed: ${(error as Error).message}`);
        throw new Error('unavailable', { cause: error });
      }
      if (!member || member.officeId !== name.officeId || role === 'none') throw new Error('permission-denied');
      connectionConfig.readOnly = role === 'viewer';
      return { officeId: name.officeId, listId: name.listId, memberId: member.id, role };
    },
  };
}
