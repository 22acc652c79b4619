/**
 * Answers a member's app that asks for the names of the office's members (contract/officeRoles.ts),
 * on a document connection it already holds: only the live members of that connection's own office,
 * ids and names, nothing else, in the order they joined (members.list), so two members of one name
 * are numbered alike in every app. Every other stateless message is left to whoever knows it.
 */
import type { Extension } from '@hocuspocus/server';
import { officeMembersAnswerSchema, officeMembersMessageType, officeMembersRequestSchema, type OfficeMembersAnswer } from '../../contract/officeRoles.ts';
import type { Members } from './members.ts';
import type { OfficeContext } from './officeAuthentication.ts';

function isMembersRequest(payload: string): boolean {
  try {
    return officeMembersRequestSchema.safeParse(JSON.parse(payload)).success;
  } catch {
    return false;
  }
}

export function memberNames(members: Pick<Members, 'list'>, log: (line: string) => void): Extension {
  return {
    extensionName: 'castdesk-office-member-names',
    async onStateless({ connection, payload }) {
      if (!isMembersRequest(payload)) return;
      const { officeId } = connection.context as OfficeContext;
      try {
        const live = (await members.list(officeId)).filter((member) => !member.revoked);
        const answer: OfficeMembersAnswer = officeMembersAnswerSchema.parse({ type: officeMembersMessageType, members: live.map(({ id, name }) => ({ id, name })) });
        connection.sendStateless(JSON.stringify(answer));
      } catch (error) {
        // Never thrown into Hocuspocus: the list shows member ids until the next ask.
        log(`office: listing the members of ${officeId} failed: ${(error as Error).message}`);
      }
    },
  };
}
