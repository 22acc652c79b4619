/**
 * The bridge handlers of casting offices (contract/officeBridge.ts), spread into the back end's
 * handler table; arguments arrive validated by the dispatcher.
 */
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import { officeAdmin, type OfficeAdmin } from './officeAdmin.ts';
import type { OfficeMembership } from './officeMembership.ts';

type OfficeChannel =
  | 'listOffices'
  | 'joinOffice'
  | 'addOfficeWithToken'
  | 'removeOffice'
  | 'getOfficeToken'
  | 'listOfficeLists'
  | 'createOfficeInvite'
  | 'listOfficeMembers'
  | 'setOfficeMemberRole'
  | 'clearOfficeListRole'
  | 'revokeOfficeMember'
  | 'removeOfficeList';

export function createOfficeHandlers(offices: OfficeMembership, admin: OfficeAdmin = officeAdmin(offices)): Pick<BridgeHandlers, OfficeChannel> {
  return {
    listOffices: async () => ({ offices: await offices.list() }),
    joinOffice: (input) => offices.join(input),
    addOfficeWithToken: (input) => offices.addWithToken(input),
    removeOffice: async ({ id }) => {
      await offices.remove(id);
      return {};
    },
    getOfficeToken: ({ id }) => offices.token(id),
    listOfficeLists: ({ id }) => admin.directory(id),
    createOfficeInvite: ({ id, ...grant }) => admin.invite(id, grant),
    listOfficeMembers: async ({ id }) => ({ members: await admin.members(id) }),
    setOfficeMemberRole: async ({ id, memberId, ...grant }) => {
      await admin.setRole(id, memberId, grant);
      return {};
    },
    clearOfficeListRole: async ({ id, memberId, listId }) => {
      await admin.clearListRole(id, memberId, listId);
      return {};
    },
    revokeOfficeMember: async ({ id, memberId }) => {
      await admin.revoke(id, memberId);
      return {};
    },
    removeOfficeList: async ({ id, listId }) => {
      await admin.removeList(id, listId);
      return {};
    },
  };
}
