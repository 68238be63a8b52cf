/** Estimate visits: the upcoming ones, his hours and days off, the calendar feed, a request's visit. */
export { RequestVisit } from './request-visit';
export { useRequestVisit } from './visits-api';
export { VisitsPage } from './visits-page';
