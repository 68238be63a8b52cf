/** His photos in place of the site's drawings (/owner/photos). */
export { PhotosPage } from './photos-page';
