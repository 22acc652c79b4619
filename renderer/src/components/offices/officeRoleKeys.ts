/**
 * The i18n key of each role an office member can have, spelled out so every key stays a literal
 * the key check can see.
 */
import type { MessageKey } from '../../i18n/en.ts';

export const officeRoleKeys = {
  owner: 'offices.roles.owner',
  editor: 'offices.roles.editor',
  reviewer: 'offices.roles.reviewer',
  viewer: 'offices.roles.viewer',
  none: 'offices.roles.none',
} as const satisfies Record<string, MessageKey>;

/**
 * An invite's roles, each with what it allows in a few words ("Editor: changes the lists"): the
 * owner chooses one for every invite, and a role's name alone did not tell a producer's viewer
 * from an editor.
 */
export const inviteRoleKeys = {
  editor: 'offices.inviteRoles.editor',
  reviewer: 'offices.inviteRoles.reviewer',
  viewer: 'offices.inviteRoles.viewer',
} as const satisfies Record<string, MessageKey>;
