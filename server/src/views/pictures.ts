/**
 * Which pictures a profile shows and in what order. Invisible and still-processing pictures are
 * skipped; the rest are renumbered densely so that position 1 always exists and the main-picture
 * flags always point at a served picture.
 */
type StoredPicture = Record<string, unknown> & {
  id: number;
  visible?: boolean;
  processing?: boolean;
  position?: number;
  landscape_position?: number;
  portrait_position?: number;
};

const hiddenPictureKeys = ['visible', 'processing'] as const;

function servable(pictures: StoredPicture[] | undefined): StoredPicture[] {
  return (pictures ?? []).filter((p) => p.visible !== false && p.processing !== true);
}

function byNumber(key: 'position' | 'landscape_position' | 'portrait_position') {
  return (a: StoredPicture, b: StoredPicture) =>
    (a[key] ?? Number.MAX_SAFE_INTEGER) - (b[key] ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;
}

function withoutHidden(picture: StoredPicture): Record<string, unknown> {
  const out: Record<string, unknown> = { ...picture };
  for (const key of hiddenPictureKeys) delete out[key];
  return out;
}

/** Actor pictures in landscape (desktop) order with both orders renumbered and both main flags set. */
export function actorPictures(pictures: StoredPicture[] | undefined): Record<string, unknown>[] {
  const shown = servable(pictures);
  const portraitRank = new Map(shown.slice().sort(byNumber('portrait_position')).map((p, i) => [p.id, i + 1]));
  return shown
    .slice()
    .sort(byNumber('landscape_position'))
    .map((picture, index) => {
      const portrait = portraitRank.get(picture.id) ?? index + 1;
      return {
        ...withoutHidden(picture),
        landscape_position: index + 1,
        portrait_position: portrait,
        main_picture: index === 0,
        main_picture_portrait: portrait === 1,
      };
    });
}

/** Crew pictures in `position` order, renumbered, the first one the main picture. */
export function crewPictures(pictures: StoredPicture[] | undefined): Record<string, unknown>[] {
  return servable(pictures)
    .sort(byNumber('position'))
    .map((picture, index) => ({ ...withoutHidden(picture), position: index + 1, main_picture: index === 0 }));
}

export interface MainPictureSummary {
  versions: Record<string, string>;
  copyright: string | null;
}

/** What a list item needs of the desktop/landscape main picture. */
export function mainPicture(served: Record<string, unknown>[]): MainPictureSummary | null {
  const picture = served.find((p) => p.main_picture === true);
  if (!picture) return null;
  return {
    versions: { ...(picture.versions as Record<string, string>) },
    copyright: (picture.copyright as string | null | undefined) ?? null,
  };
}
