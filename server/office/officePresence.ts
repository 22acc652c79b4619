/**
 * Presence on a shared list, made trustworthy by the server: every awareness state a connection
 * sends is stamped with the member the server authenticated on that connection (`member`: id and
 * name), overwriting whatever the client put there, so the names beside a list are never ones a
 * client chose. A state for a client id that another member's connection holds is dropped: a
 * member cannot replace or clear a colleague's presence. States leave with their connection
 * (Hocuspocus removes a closed connection's awareness states), so presence ends when a member
 * closes the list or their connection drops.
 */
import type { Extension } from '@hocuspocus/server';
import { presenceMemberField, presenceMemberSchema } from '../../contract/officeActivity.ts';
import type { OfficeContext } from './officeAuthentication.ts';

export function officePresence(say: (line: string) => void): Extension {
  return {
    extensionName: 'castdesk-office-presence',
    async beforeHandleAwareness({ states, context, document }) {
      const member = context as Partial<OfficeContext> | undefined;
      if (typeof member?.memberId !== 'string') return;
      try {
        for (const [clientId, state] of states) {
          const held = presenceMemberSchema.safeParse(document.awareness.getStates().get(clientId)?.[presenceMemberField]);
          if (held.success && held.data.id !== member.memberId) {
            states.delete(clientId);
            continue;
          }
          // A null state (the client left) is passed on as it is.
          if (state) state[presenceMemberField] = { id: member.memberId, name: member.memberName ?? '' };
        }
      } catch (error) {
        // Nothing unstamped may pass: the update is dropped whole.
        states.clear();
        say(`office: stamping presence on ${document.name} failed: ${(error as Error).message}`);
      }
    },
  };
}
