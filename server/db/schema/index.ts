/** The database's tables, one file per part of the site; drizzle-kit and the code read them through this index. */
export * from './requests';
export * from './owner';
export * from './leads';
export * from './visits';
export * from './content';
export * from './money';
export * from './password-resets';
export * from './estimates';
export * from './settings';
export * from './owner-email-changes';
export * from './pictures';
export * from './owner-setup';
export * from './views';
export * from './invoices';
export * from './texts';
