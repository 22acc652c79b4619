import type { Messages } from './en.ts';

/** German texts of casting calls and their roles. */
export const castingCallsDe: Messages['castingCalls'] = {
  title: 'Castingaufrufe',
};
