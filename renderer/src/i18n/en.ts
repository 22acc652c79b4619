/** English UI texts: the reference set of keys; `de` must carry exactly the same ones. */
export const en = {
  app: {
    name: 'Castdesk',
    language: 'Language',
  },
  home: {
    title: 'Welcome to Castdesk',
    intro:
      'Castdesk helps casting directors research talent: browse actor profiles, crew profiles and casting calls from the Casting and Talent Directory, online and offline, and shortlist actors on your own computer.',
  },
};

export type Messages = typeof en;
