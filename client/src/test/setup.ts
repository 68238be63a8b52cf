import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy… and waitFor wait on what they look for; their default of one second is shorter than a
// lazily loaded part (a dialog, the full quote form) takes on a two-core machine that runs the
// browser journeys beside these tests. A wait, not a bound: a passing check returns at once.
configure({ asyncUtilTimeout: 10_000 });
