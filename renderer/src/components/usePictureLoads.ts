import { reactive } from 'vue';

/**
 * Which picture addresses have loaded in a view. While the sync still fetches pictures, a picture
 * asked of the media cache may take a while to arrive, and an <img> that has not loaded paints
 * nothing: a blank box reads as a missing or broken picture. Until its address has loaded, a box
 * says so in words (`app.pictureLoading`); a new address (another version, another picture) starts
 * out as not loaded.
 */
export function usePictureLoads(): { loaded: (src: string | null) => boolean; markLoaded: (src: string | null) => void } {
  const done = reactive(new Set<string>());
  return {
    loaded: (src) => src !== null && done.has(src),
    markLoaded: (src) => {
      if (src !== null) done.add(src);
    },
  };
}
