import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (where package.json, images/ and node_modules/ are), found from a module's
 * own folder: server/ in the sources, dist/server/ in the build, or wherever a bundle of the server
 * is run from inside the project (the tests run one from node_modules/.cache).
 */
export function packageRoot(from: string): string {
  for (let at = path.resolve(from); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'package.json')) && path.basename(path.dirname(at)) !== 'node_modules') return at;
    if (path.dirname(at) === at) return path.resolve(from, '..');
  }
}
