// `node --import <this file>`: every module specifier the process resolves from now on is appended,
// one per line, to the file named by RECORD_IMPORTS (server/start-loads.test.ts).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
