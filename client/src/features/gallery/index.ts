/**
 * What pages may use of the gallery. Its viewer (gallery-dialog.tsx) is loaded with import() on
 * the first tap, so it is not re-exported here: that would put it into the page's first load.
 */
export { GalleryBrowser } from './gallery-browser';
