/**
 * The bridge handlers of casting offices (contract/officeBridge.ts), spread into the back end's
 * handler table; arguments arrive validated by the dispatcher.
 */
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { OfficeMembership } from './officeMembership.ts';

type OfficeChannel = 'listOffices' | 'joinOffice' | 'addOfficeWithToken' | 'removeOffice' | 'getOfficeToken';

export function createOfficeHandlers(offices: OfficeMembership): Pick<BridgeHandlers, OfficeChannel> {
  return {
    listOffices: async () => ({ offices: await offices.list() }),
    joinOffice: (input) => offices.join(input),
    addOfficeWithToken: (input) => offices.addWithToken(input),
    removeOffice: async ({ id }) => {
      await offices.remove(id);
      return {};
    },
    getOfficeToken: ({ id }) => offices.token(id),
  };
}
