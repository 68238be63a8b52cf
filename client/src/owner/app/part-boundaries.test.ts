// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps the owner's app in parts (eslint.config.js, docs/decisions/016): a part
 * reaches another only through its index.ts, and nothing of the owner's app imports the public
 * site's pages. Linted as if the code were a file of the requests part.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' });

async function boundaryMessages(code: string, file = 'client/src/owner/requests/boundary-probe.ts') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.message);
}

describe("the owner's app in parts", () => {
  it("refuses a deep import of another part's file", async () => {
    const messages = await boundaryMessages("export { VisitsPage } from '../visits/visits-page';\n");
    expect(messages).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('refuses it through the @/ alias too, and from the app folder', async () => {
    const code = "export { useReviews } from '@/owner/reviews/reviews-api';\n";
    expect(await boundaryMessages(code)).toHaveLength(1);
    expect(await boundaryMessages(code, 'client/src/owner/app/boundary-probe.ts')).toHaveLength(1);
  });

  it("refuses the public site's pages", async () => {
    const messages = await boundaryMessages("export { default as AboutPage } from '@/pages/about';\n");
    expect(messages).toEqual([expect.stringContaining("must not import the public site's pages")]);
  });

  it("lets a part use another part's index, its own files and the app folder's", async () => {
    const code = [
      "export { VisitsPage } from '../visits';",
      "export { InboxPage } from './inbox-page';",
      "export { errorMessage } from '../app/owner-api';",
      '',
    ].join('\n');
    expect(await boundaryMessages(code)).toEqual([]);
  });
});
