import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { DatabaseHandle } from './db/client';
import { apiNotFound, errorHandler } from './http/error-handler';
import { perMinuteLimit } from './http/rate-limit';
import { requestLogger } from './http/request-logger';
import { healthRouter } from './routes/health';
import { quoteRequestsRouter } from './routes/quote-requests';
import { uploadsRouter } from './routes/uploads';
import { createQuoteService } from './services/quote-service';
import type { PhotoStorage } from './services/storage/types';

export interface AppDeps {
  database: DatabaseHandle;
  /** Where quote photos go: local disk or S3 (server/services/storage). */
  storage: PhotoStorage;
  /** Serves the site's pages and assets (prerendered build in production, Vite in development). */
  site?: RequestHandler;
  /** Production: strict security headers. Development keeps them off so Vite's HMR scripts run. */
  secureHeaders?: boolean;
  logRequests?: boolean;
  /** Requests per minute and IP on each POST endpoint (RATE_LIMIT_PER_MINUTE); 0 or unset: no limit. */
  rateLimitPerMinute?: number;
  /** Express 'trust proxy' (TRUST_PROXY): which proxies may tell the client IP, protocol and host. */
  trustProxy?: boolean | number | string;
}

/** Middleware, then the API routers, then the site, then the error handler. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  if (deps.logRequests) app.use(requestLogger());
  if (deps.secureHeaders) app.use(securityHeaders(deps.storage.uploadOrigin));

  const rateLimit = deps.rateLimitPerMinute ?? 0;
  const api = express.Router();
  api.use(healthRouter(deps.database));
  api.use(quoteRequestsRouter(createQuoteService(deps.database, deps.storage), perMinuteLimit(rateLimit)));
  api.use(uploadsRouter(deps.storage, perMinuteLimit(rateLimit)));
  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.site) app.use(deps.site);
  app.use(errorHandler);
  return app;
}

/** `uploadOrigin`: the storage the browser PUTs photos to when that is not this site (S3). */
function securityHeaders(uploadOrigin?: string): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes (Radix positions popovers with them) are allowed; scripts are not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(uploadOrigin ? [uploadOrigin] : [])],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
