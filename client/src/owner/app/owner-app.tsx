import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { PasswordSetNotice, registerInboxWorker, ResetPasswordPage, SignInPage, useSession } from '../account';
import { PhotosPage } from '../photos';
import { EditProjectPage, NewProjectPage, ProjectPage, ProjectsPage } from '../projects';
import { InboxPage, MarkAnsweredPage, RequestPage } from '../requests';
import { ResultsPage } from '../results';
import { ReviewsPage } from '../reviews';
import { SettingsPage } from '../settings';
import { VisitsPage } from '../visits';
import { ErrorBoundary } from './error-boundary';
import { OwnerShell } from './owner-shell';
import { noteSignedIn, retryFromSameSite } from './same-site-arrival';

const ownerBase = '/owner';

/**
 * The signed-in pages; the first path that matches shows. Each page has an error boundary of its
 * own, named for its message; a page of one request or project starts afresh for another.
 */
const pages: { path?: string; what: string; page: (id: string) => ReactNode }[] = [
  { path: '/requests/:id/answered', what: 'This request', page: (id) => <MarkAnsweredPage id={id} /> },
  { path: '/requests/:id', what: 'This request', page: (id) => <RequestPage id={id} /> },
  { path: '/visits', what: 'The visits page', page: () => <VisitsPage /> },
  { path: '/projects/new', what: 'The project form', page: () => <NewProjectPage /> },
  { path: '/projects/:id/edit', what: 'The project form', page: (id) => <EditProjectPage id={id} /> },
  { path: '/projects/:id', what: 'This project', page: (id) => <ProjectPage id={id} /> },
  { path: '/projects', what: 'The projects', page: () => <ProjectsPage /> },
  { path: '/results', what: 'The results page', page: () => <ResultsPage /> },
  { path: '/settings', what: 'The settings', page: () => <SettingsPage /> },
  { path: '/photos', what: 'The photos', page: () => <PhotosPage /> },
  { path: '/reviews', what: 'The reviews', page: () => <ReviewsPage /> },
  // Any other address: the list of requests.
  { what: 'The list of requests', page: () => <InboxPage /> },
];

const loading = (
  <p role="status" className="px-5 py-16 text-center text-ink-muted">
    Loading…
  </p>
);

/** Signed out: the sign-in page, whatever the address. Signed in: the inbox and its requests. */
function OwnerRoutes() {
  const session = useSession();
  if (session.isPending) return loading;
  if (session.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md px-5 py-16 text-center">
        <p className="font-semibold text-pine-900">The inbox could not be reached.</p>
        <p className="mt-2 text-ink-muted">Check the connection and reload the page.</p>
      </div>
    );
  }
  if (!session.data) return <SignedOut />;
  noteSignedIn();
  return (
    <>
      <InboxWorker />
      <OwnerShell>
        <PasswordSetNotice signedIn />
        <Switch>
          {pages.map(({ path, what, page }) => (
            <Route key={path ?? 'inbox'} path={path}>
              {(params: { id?: string }) => (
                <ErrorBoundary key={params.id} what={what}>
                  {page(params.id ?? '')}
                </ErrorBoundary>
              )}
            </Route>
          ))}
        </Switch>
      </OwnerShell>
    </>
  );
}

/** Signed out: once, when he came from elsewhere (his e-mail), the address again from the site itself. */
function SignedOut() {
  const [retrying] = useState(() => retryFromSameSite());
  if (retrying) return loading;
  return (
    <>
      <InboxWorker />
      <SignInPage />
    </>
  );
}

/** Installable, and the home of the notifications; a tapped notification opens its request here. */
function InboxWorker() {
  useEffect(() => registerInboxWorker((path) => navigate(path)), []);
  return null;
}

export function OwnerApp() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Router base={ownerBase}>
        <Switch>
          {/* A password reset link, from the e-mail: signed out, whatever the session. */}
          <Route path="/reset/:token">
            {(params) => (
              <ErrorBoundary what="The password reset page">
                <ResetPasswordPage token={params.token} />
              </ErrorBoundary>
            )}
          </Route>
          {/* The first password's set-up link, from the site's log or his e-mail: signed out too. */}
          <Route path="/setup/:token">
            {(params) => (
              <ErrorBoundary what="The set-up page">
                <ResetPasswordPage token={params.token} kind="setup" />
              </ErrorBoundary>
            )}
          </Route>
          <Route>
            <OwnerRoutes />
          </Route>
        </Switch>
      </Router>
      <ToasterBelowHeader />
    </QueryClientProvider>
  );
}

/**
 * On a phone the notifications show under the sticky header: under the owner's, which holds the
 * section tabs too (taller than the site's, whose height the toasts take by default), so that a
 * toast never covers the tabs.
 */
function ToasterBelowHeader() {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const header = document.querySelector('header');
      setHeight(header ? Math.ceil(header.getBoundingClientRect().height) : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      className="contents"
      style={height === null ? undefined : ({ '--header-height': `${height}px` } as CSSProperties)}
    >
      <Toaster />
    </div>
  );
}
