/** What pages may use of sharing: the button that shares the page (or copies its address). */
export { ShareButton } from './share-button';
