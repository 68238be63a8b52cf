import type { Application } from 'express';
import { bodyKindsOf, type BodyKind } from './request-body';

/** One route of the app as its router holds it: the full path (with its mounts), its methods. */
export interface AppRoute {
  path: string;
  methods: string[];
  /** What the route's body reader reads (request-body.ts); empty for a route that takes no body. */
  body: readonly BodyKind[];
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  rawPath?: unknown;
  handle?: { stack?: Layer[] };
}

/**
 * Every route registered on the app, read from its router (Express 5's `app.router`), so a rule
 * about routes (a token hidden from the log, a body refused) covers a new route by itself.
 */
export function appRoutes(app: Application): AppRoute[] {
  return routesIn((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
}

function routesIn(stack: readonly Layer[], prefix: string): AppRoute[] {
  return stack.flatMap((layer) => {
    const route = layer.route;
    if (route) {
      const methods = Object.keys(route.methods).map((method) => method.toUpperCase());
      const body = [...new Set(route.stack.flatMap((step) => bodyKindsOf(step.handle)))];
      return [route.path]
        .flat()
        .filter((path): path is string => typeof path === 'string')
        .map((path) => ({ path: prefix + path, methods, body }));
    }
    const inner = layer.handle?.stack;
    // A router mounted on a pattern (a RegExp) is not followed; this app mounts on plain paths only.
    if (!Array.isArray(inner) || typeof layer.rawPath !== 'string') return [];
    return routesIn(inner, layer.rawPath === '/' ? prefix : prefix + layer.rawPath);
  });
}
