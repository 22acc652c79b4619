/**
 * How a headshot fills its portrait frame (the profile header, compare's columns). A portrait or
 * square picture fills the frame, cut at the bottom and the sides, never the top: the face is in
 * the upper part of a headshot. A wider picture is shown whole instead, because where its person
 * stands is not known (landscape shots often frame them off-centre) and a portrait frame filled
 * from it keeps only its middle half, which can cut the face off.
 */
/** A type, not an interface: Vue's style binding takes only types with an implicit index signature. */
export type HeadshotFit = {
  objectFit: 'cover' | 'contain';
  objectPosition: string;
};

/** The fit for a picture of `dimensions` (width, height in pixels); unknown dimensions fill the frame. */
export function headshotFit(dimensions: readonly number[] | null | undefined): HeadshotFit {
  const [width, height] = dimensions ?? [];
  const wide = typeof width === 'number' && typeof height === 'number' && width > height;
  return wide ? { objectFit: 'contain', objectPosition: 'center' } : { objectFit: 'cover', objectPosition: 'center top' };
}
