/** Written estimates: the section and form on a request's page, their settings and their results. */
export { DefaultScheduleCard } from './default-schedule-card';
export { EstimateResultsSection } from './estimate-results';
export { EstimateSection } from './estimate-section';
export { EstimateSettingsCard } from './estimate-settings-card';
