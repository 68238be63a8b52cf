/** What the requests brought: the results page, the speed to lead, and their refresh after a change. */
export { ResultsPage } from './results-page';
export { refreshResults } from './results-api';
export { SpeedSummary, waitText } from './speed-summary';
