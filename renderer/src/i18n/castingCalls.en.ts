/** English texts of casting calls and their roles. */
export const castingCallsEn = {
  title: 'Casting calls',
};
