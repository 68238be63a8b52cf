/** The homeowners' reviews: his decisions, a request's review request, and the reviews per source. */
export { ReviewRequestSection } from './review-request-section';
export { ReviewResultsSection } from './review-results-section';
export { useReviews } from './reviews-api';
export { ReviewsPage } from './reviews-page';
