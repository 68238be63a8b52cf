import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { apiNotFound, errorHandler } from './http/error-handler';
import { ownerNoIndex, oneTimeLinkPageHeaders } from './http/owner-page';
import { perMinuteCounter, perMinuteLimit } from './http/rate-limit';
import { requestContext } from './http/request-logger';
import { nulInAddress, queryWithoutNul } from './http/request-body';
import { silentLogger } from './logger';
import { contactTapRoutes } from './routes/contact-taps';
import { viewRoutes } from './routes/views';
import { createViewCounter } from './services/visitors/view-counter';
import { healthRoutes } from './routes/health';
import { projectImages } from './routes/project-images';
import { siteContentRoutes } from './routes/site-content';
import { ownerRoutes, sessionCookieName } from './routes/owner';
import { quoteFormPostRoutes } from './routes/quote-form-post';
import { quoteRequestRoutes } from './routes/quote-requests';
import { reviewRoutes } from './routes/reviews';
import { followUpUnsubscribeRoutes } from './routes/follow-up-unsubscribe';
import { uploadRoutes } from './routes/uploads';
import { visitApiRoutes, visitPageRoutes } from './routes/visits';
import { estimateRoutes, ownerSessionCheck } from './routes/estimates';
import { invoiceRoutes } from './routes/invoices';
import { createInvoiceService } from './services/invoices/invoice-service';
import { createPaymentDetails } from './services/invoices/payment-details';
import { createEstimateAnswers } from './services/estimates/estimate-answers';
import { estimateBusinessSnapshot } from './services/estimates/business-snapshot';
import { createEstimateService } from './services/estimates/estimate-service';
import { prepareEstimatePdf } from './services/estimates/estimate-pdf-file';
import { createPdfMaker } from './services/pdf/pdf-maker';
import { createEstimateSettings } from './services/estimates/estimate-settings';
import { createOwnerSessions } from './services/owner/owner-sessions';
import { createPhotoUploads } from './services/photo-uploads';
import { createPasswordResets } from './services/owner/password-reset';
import { vapidKeysLoader } from './services/push/vapid-keys';
import { createQuoteService } from './services/quote-service';
import { serverSecretLoader } from './services/server-secrets';
import { createCalendarFeed } from './services/visits/calendar-feed';
import { createVisitService, visitPathFor } from './services/visits/visit-service';
import { createTextParts, requestTexts } from './services/texts/texts';
import { twilioRoutes } from './routes/twilio';
import { createOwnerVisitBooking } from './services/visits/owner-booking';
import { createReviews } from './services/reviews/reviews';
import { bumpContentVersion } from './services/site-content/content-version';
import { createContentWatcher } from './services/site-content/content-watcher';
import { siteBusiness } from '@shared/content/site-content';
import { createProjectPhotos } from './services/projects/project-photos';
import { createSitePictures } from './services/pictures/site-pictures';
import { picturesInUse } from './services/pictures/pictures-in-use';
import { createProjects } from './services/projects/projects';
import { noSiteImages } from './services/storage/site-images';
import { createSiteSettings } from './services/settings/site-settings';
import { createSetupLinks } from './services/owner/setup-link';
import { createDomainCheck } from './services/mail-settings/domain-check';
import { pictureNameOfFile } from '@shared/launch-list';
import type { AppDeps } from './app-deps';

export type { AppDeps };

/** The API routers (with their own headers), then the page headers and the site, then the error handler. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // The API's answers are never cached, so they need no ETag; the static site sets its own.
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  // Read by sendHomeownerPage (http/homeowner-shell.ts) for every page a homeowner opens from an e-mail.
  app.locals.siteLook = deps.siteLook;
  app.set('query parser', queryWithoutNul);
  app.use(requestContext(deps.logger ?? silentLogger, { logRequests: deps.logRequests ?? false }));
  app.use(nulInAddress);
  const isClosing = deps.isClosing;
  if (isClosing) {
    // While draining for shutdown, keep-alive connections end with the answer in flight.
    app.use((_req, res, next) => {
      if (isClosing()) res.setHeader('Connection', 'close');
      next();
    });
  }

  const { database, storage, origins } = deps;
  const perMinute = deps.rateLimitPerMinute ?? 0;
  const quotes = createQuoteService({
    database,
    storage,
    deliveryKinds: deps.deliveryKinds ?? [],
    onStored: deps.onQuoteStored,
    texts: deps.texts && requestTexts(visitPathFor(database), origins.primary),
  });
  const texts = deps.texts && createTextParts(database, deps.texts);
  const photos = createPhotoUploads({ storage, database });
  const visits = createVisitService({
    database,
    tokenSecret: serverSecretLoader(database, 'visit-token-key'),
    clock: deps.visitClock,
    onChanged: deps.onVisitChanged,
    limits: deps.visitLimits,
  });
  const feed = createCalendarFeed({ database, siteUrl: origins.primary, clock: deps.visitClock });
  const ownerBooking = createOwnerVisitBooking({
    database,
    settings: visits.settings,
    blocks: visits.blocks,
    clock: deps.visitClock,
    onChanged: deps.onVisitChanged,
  });
  const visitLimit = perMinuteCounter(database, 'visit', perMinute);
  const api = express.Router();
  if (deps.secureHeaders) api.use(secureApiHeaders);
  // All routes on one router (no nesting: fewer steps per request), the busiest first.
  // One allowance for a quote request, whether it comes as JSON or as a plain form post.
  const quoteLimit = perMinuteCounter(database, 'quote', perMinute);
  quoteRequestRoutes(api, quotes, quoteLimit.handler, origins, visits.pathFor);
  visitApiRoutes(api, { visits, feed, limit: visitLimit });
  uploadRoutes(api, { storage, photos, origins, limit: perMinuteLimit(database, 'upload', perMinute) });
  // A tap on a call or text link is cheaper than a request and a visitor may tap several: three times the allowance.
  contactTapRoutes(api, {
    database,
    limit: perMinuteCounter(database, 'contact-tap', perMinute * 3),
    origins: origins.all,
  });
  healthRoutes(api, database);
  if (texts) twilioRoutes(api, { incoming: texts.incoming, siteUrl: origins.primary });
  const siteContent = deps.siteContent ?? createContentWatcher({ database });
  // What the homeowner's pages and the quote form's answer show (http/homeowner-shell.ts: siteContentOf, businessOf).
  app.locals.siteContent = () => siteContent.current().content;
  // Approve and Hide move the content version with the decision; this server shows it at once, the others within their check.
  const reviews = createReviews(database, {
    onOwnerNotified: deps.onReviewRequestScheduled,
    inDecision: bumpContentVersion,
    onPublishedChange: () => siteContent.refresh(),
  });
  siteContentRoutes(api, siteContent);
  const siteImages = deps.siteImages ?? noSiteImages;
  const projects = {
    projects: createProjects({ database, onPublicChange: () => siteContent.refresh() }),
    photos: createProjectPhotos({ database, images: siteImages }),
    images: siteImages,
  };
  const estimateSettings = createEstimateSettings(database, deps.estimateDefaults);
  const pdfs = deps.pdfs ?? createPdfMaker(storage.objects, { onMade: deps.onPdfMade });
  const estimates = {
    service: createEstimateService({
      database,
      settings: estimateSettings,
      siteUrl: origins.primary,
      clock: deps.estimateClock,
      onEnqueued: deps.onEstimateEnqueued,
      onSent: (row) => prepareEstimatePdf(pdfs, row),
    }),
    settings: estimateSettings,
  };
  const estimateAnswers = createEstimateAnswers({
    database,
    clock: deps.estimateClock,
    onEnqueued: deps.onEstimateEnqueued,
    onApproved: (row) => prepareEstimatePdf(pdfs, row),
  });
  const invoices = createInvoiceService({
    database,
    siteUrl: origins.primary,
    reminderDays: deps.invoiceReminderDays,
    clock: deps.estimateClock,
    onEnqueued: deps.onEstimateEnqueued,
  });
  const ownerSessions = createOwnerSessions(database.db);
  // Page views (issue 59): never the owner's own, known by his session cookie.
  viewRoutes(api, {
    counter: createViewCounter(database, { clock: deps.viewClock }),
    origins: origins.all,
    isOwner: ownerSessionCheck(sessionCookieName(deps.secureHeaders ?? false), (token) => ownerSessions.check(token)),
  });
  const settings = createSiteSettings({
    database,
    defaultEmail: deps.settingsEnvironment?.ownerEmail,
    onPublicChange: () => siteContent.refresh(),
    onEmailChanged: deps.onOwnerEmailChanged,
  });
  // The owner's inbox: sessions, lockout and CSRF checks of its own.
  api.use(
    '/owner',
    ownerRoutes({
      database,
      storage,
      origins,
      secureCookie: deps.secureHeaders ?? false,
      vapidKeys: deps.vapidKeys ?? vapidKeysLoader(database),
      pushServiceHosts: deps.pushServiceHosts,
      signInLimits: deps.signInLimits,
      visits: { visits, feed, booking: ownerBooking },
      reviews,
      reviewRequests: deps.reviewRequests,
      onReviewRequestScheduled: deps.onReviewRequestScheduled,
      projects,
      pictures: createSitePictures({ database, images: siteImages, onPublicChange: () => siteContent.refresh() }),
      passwordResets: {
        resets: createPasswordResets({
          database,
          mail: deps.passwordReset?.mail ?? { ready: false, address: () => Promise.resolve(null) },
          limits: deps.passwordReset?.limits,
          now: deps.passwordReset?.now,
          onWritten: deps.passwordReset?.onWritten,
        }),
        perMinute,
      },
      estimates,
      invoices: { invoices, paymentDetails: createPaymentDetails(database) },
      sessions: ownerSessions,
      setup: deps.setup ?? createSetupLinks({ database }),
      mail: deps.mailSettings && {
        settings: deps.mailSettings.settings,
        checkDomain: createDomainCheck({ servers: deps.mailSettings.dnsServers }),
        ownerAddress: () => settings.mailAddress(),
        onSaved: deps.mailSettings.onSaved,
      },
      settings,
      texts: deps.texts && texts && { database, ...deps.texts, threads: texts.threads, onSaved: deps.texts.onQueued },
      settingsEnvironment: deps.settingsEnvironment,
      // A drawing the owner put his photo in place of is set (/owner/photos).
      launchPictures: async () => {
        const inUse = await picturesInUse(database.db);
        return ((await deps.launchPictures?.()) ?? []).filter(
          (item) => !(pictureNameOfFile(item.id.replace(/^picture:/, '')) in inUse),
        );
      },
    }),
  );
  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.secureHeaders) app.use(securityHeaders(deps.storage.uploadOrigin));
  app.use(ownerNoIndex);
  app.use(oneTimeLinkPageHeaders);
  app.use(projectImages({ images: siteImages, siteContent }));
  app.use(
    quoteFormPostRoutes({
      quotes,
      photos,
      origins,
      limit: quoteLimit,
      renderPage: deps.renderQuotePage,
      visitPathFor: visits.pathFor,
    }),
  );
  app.use(visitPageRoutes({ visits, feed, limit: visitLimit }));
  app.use(
    reviewRoutes({
      database,
      reviews,
      googleReviewUrl: () => deps.googleReviewUrl ?? siteBusiness(siteContent.current().content).googleReviewUrl,
    }),
  );
  app.use(followUpUnsubscribeRoutes({ database }));
  app.use(
    estimateRoutes({
      answers: estimateAnswers,
      limit: perMinuteCounter(database, 'estimate', perMinute),
      pdfs,
      pdfLimit: perMinuteCounter(database, 'estimate-pdf', perMinute),
      optionsLimit: perMinuteCounter(database, 'estimate-options', perMinute * 6),
      isOwner: ownerSessionCheck(sessionCookieName(deps.secureHeaders ?? false), (token) => ownerSessions.check(token)),
      clock: deps.estimateClock,
      business: () => estimateBusinessSnapshot(database.db),
    }),
  );
  app.use(
    invoiceRoutes({ invoices, pdfs, pdfLimit: perMinuteCounter(database, 'invoice-pdf', perMinute), siteImages }),
  );
  if (deps.site) app.use(deps.site);
  app.use(errorHandler);
  return app;
}

/**
 * The API answers JSON only, so it needs the few headers that matter for that (nothing of it may
 * run, be framed, sniffed or read cross-origin) rather than the whole set a page gets: fewer bytes
 * and less work on every submission. (POST answers are not cached anyway; the upload ticket says no-store.)
 */
const apiHeaders: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
];
const secureApiHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of apiHeaders) res.setHeader(name, value);
  next();
};

/** `uploadOrigin`: the storage the browser PUTs photos to and the inbox shows them from, when that is not this site (S3). */
function securityHeaders(uploadOrigin?: string): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes (Radix positions popovers with them) are allowed; scripts are not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The inbox shows photos through short-lived presigned links to the bucket.
        imgSrc: ["'self'", 'data:', 'blob:', ...(uploadOrigin ? [uploadOrigin] : [])],
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
    // The full address only to the site itself (a form post without scripts tells its page and
    // campaign tags by it), nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
  });
}
