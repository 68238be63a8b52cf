import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that run real processes and databases of their own (the server as a process, the
 * scripts, the backups), wait on Postgres's bounds, or put photos through the pipeline take 10 to
 * 45 s each, much of it waiting: they start first, so that no worker is left with one of them at
 * the end while the others are done. Vitest would order them by the durations of the last run,
 * which a fresh clone (CI) does not have, and then by file size.
 */
const slowFiles = [
  /\/server\/[\w-]*process\.test\.ts$/,
  /\/scripts\/[\w-]+\.test\.ts$/,
  /\/server\/services\/backup\//,
  // Twenty seconds of Postgres sleeping past its bounds: waiting that overlaps the others' work
  // when it starts early, and holds a worker at the end when it does not.
  /\/server\/db\/client\.test\.ts$/,
  // Photos through the whole pipeline (12-megapixel ones among them), on both databases.
  /\/server\/routes\/owner-(projects|pictures)\.test\.ts$/,
  /\/server\/services\/pictures\//,
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => slowFiles.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}
