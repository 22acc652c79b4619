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
