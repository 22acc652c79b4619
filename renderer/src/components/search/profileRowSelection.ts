/**
 * What a profile's row in the list and in the table share: the message that names a profile
 * without a name, and Space on the row's link while selecting.
 */
import type { MessageKey } from '../../i18n/en.ts';

export const unnamedProfile = { actor: 'actors.unnamed', crew: 'crew.unnamed' } as const satisfies Record<'actor' | 'crew', MessageKey>;

/** A keydown handler: Space on the link selects the profile while selecting (Enter still opens it). */
export function spaceSelects(row: { readonly selecting: boolean; readonly selected: boolean }, toggle: (on: boolean) => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (!row.selecting) return;
    event.preventDefault();
    toggle(!row.selected);
  };
}
