/**
 * What a backup carries besides the tables and the stored objects, and what a restore accepts of
 * it: the archive never decides where a file goes or who may read it.
 */

/**
 * Tables never dumped and never restored: one-time tokens (a password-reset link's hash) must
 * not come back to life from an old archive, nor a day's visitor salt (view_salts: deleted after
 * 48 hours, so that no visitor key can be made again). A name here may not exist yet, or any more: only
 * tables that exist are looked at.
 */
export const neverRestoredTables: readonly string[] = ['owner_password_resets', 'owner_setup_links', 'view_salts'];

/**
 * Rows a new server writes by itself before any restore, which do not make its database count as
 * holding a site (restore.ts, whatIsThere): the e-mail of its first set-up link, when mail works.
 * The table's other rows count; the restore replaces them all.
 */
export const startUpRows: Readonly<Record<string, string>> = { deliveries: `kind = 'owner_setup_link'` };

/**
 * The files of DATA_DIR a backup holds and a restore writes (docs/operations.md lists them): the
 * upload-signing secret, and the e-mails written to the outbox folder when no SMTP_URL is set.
 * Anything else in DATA_DIR is not backed up, and an archive naming anything else is refused.
 */
export function isBackedUpDataFile(file: string): boolean {
  return file === 'upload-secret' || /^outbox\/[A-Za-z0-9._-]+\.eml$/.test(file);
}

/** Restored data files are the site's alone, whatever the archive says. */
export const dataFileMode = 0o600;
export const dataFolderMode = 0o700;
