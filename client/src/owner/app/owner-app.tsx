import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { Route, Router, Switch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '../account';
import { ErrorBoundary } from './error-boundary';
import { PasswordSetNotice } from '../account';
import { InboxPage } from '../requests';
import { MarkAnsweredPage } from '../requests';
import { registerInboxWorker } from '../account';
import { noteSignedIn, retryFromSameSite } from './same-site-arrival';
import { OwnerShell } from './owner-shell';
import { EditProjectPage, NewProjectPage } from '../projects';
import { PhotosPage } from '../photos';
import { ProjectPage, ProjectsPage } from '../projects';
import { RequestPage } from '../requests';
import { ResetPasswordPage } from '../account';
import { ResultsPage } from '../results';
import { ReviewsPage } from '../reviews';
import { SettingsPage } from '../settings';
import { SignInPage } from '../account';
import { VisitsPage } from '../visits';

const ownerBase = '/owner';

/** Signed out: the sign-in page, whatever the address. Signed in: the inbox and its requests. */
function OwnerRoutes() {
  const session = useSession();
  if (session.isPending) {
    return (
      <p role="status" className="px-5 py-16 text-center text-ink-muted">
        Loading…
      </p>
    );
  }
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
          <Route path="/requests/:id/answered">
            {(params) => (
              <ErrorBoundary key={params.id} what="This request">
                <MarkAnsweredPage id={params.id} />
              </ErrorBoundary>
            )}
          </Route>
          <Route path="/requests/:id">
            {(params) => (
              <ErrorBoundary key={params.id} what="This request">
                <RequestPage id={params.id} />
              </ErrorBoundary>
            )}
          </Route>
          <Route path="/visits">
            <ErrorBoundary what="The visits page">
              <VisitsPage />
            </ErrorBoundary>
          </Route>
          <Route path="/projects/new">
            <ErrorBoundary what="The project form">
              <NewProjectPage />
            </ErrorBoundary>
          </Route>
          <Route path="/projects/:id/edit">
            {(params) => (
              <ErrorBoundary key={params.id} what="The project form">
                <EditProjectPage id={params.id} />
              </ErrorBoundary>
            )}
          </Route>
          <Route path="/projects/:id">
            {(params) => (
              <ErrorBoundary key={params.id} what="This project">
                <ProjectPage id={params.id} />
              </ErrorBoundary>
            )}
          </Route>
          <Route path="/projects">
            <ErrorBoundary what="The projects">
              <ProjectsPage />
            </ErrorBoundary>
          </Route>
          <Route path="/results">
            <ErrorBoundary what="The results page">
              <ResultsPage />
            </ErrorBoundary>
          </Route>
          <Route path="/settings">
            <ErrorBoundary what="The settings">
              <SettingsPage />
            </ErrorBoundary>
          </Route>
          <Route path="/photos">
            <ErrorBoundary what="The photos">
              <PhotosPage />
            </ErrorBoundary>
          </Route>
          <Route path="/reviews">
            <ErrorBoundary what="The reviews">
              <ReviewsPage />
            </ErrorBoundary>
          </Route>
          <Route>
            <ErrorBoundary what="The list of requests">
              <InboxPage />
            </ErrorBoundary>
          </Route>
        </Switch>
      </OwnerShell>
    </>
  );
}

/** Signed out: once, when he came from elsewhere (his e-mail), the address again from the site itself. */
function SignedOut() {
  const [retrying] = useState(() => retryFromSameSite());
  if (retrying)
    return (
      <p role="status" className="px-5 py-16 text-center text-ink-muted">
        Loading…
      </p>
    );
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
