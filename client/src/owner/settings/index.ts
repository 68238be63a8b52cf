/** His business details and switches, the launch list, and the signature of his e-mails. */
export { LaunchList } from './launch-list';
export { useOwnerSignature, type Signature } from './settings-api';
export { SettingsPage } from './settings-page';
