import { Route, Switch, useLocation } from 'wouter';
import { routePatterns } from '@shared/routes';
import AboutPage from '@/pages/about';
import ContactPage from '@/pages/contact';
import GalleryPage from '@/pages/gallery';
import HomePage from '@/pages/home';
import LocationDetailPage from '@/pages/location-detail';
import NotFoundPage from '@/pages/not-found';
import PineBundlesPage from '@/pages/pine-bundles';
import PrivacyPage from '@/pages/privacy';
import ProjectDetailPage from '@/pages/project-detail';
import ServiceDetailPage from '@/pages/service-detail';
import ServicesPage from '@/pages/services';
import TermsPage from '@/pages/terms';

/**
 * The page for each route, rendered on the server into the page's HTML, and in the browser by the
 * router after the first page. Keyed by the path: a page reached on the client starts afresh (no
 * FAQ left open from the service page before), as a direct load of its URL does.
 */
export function AppRoutes() {
  const [path] = useLocation();
  return (
    <Switch key={path}>
      <Route path={routePatterns.home} component={HomePage} />
      <Route path={routePatterns.services} component={ServicesPage} />
      <Route path={routePatterns.service} component={ServiceDetailPage} />
      <Route path={routePatterns.location} component={LocationDetailPage} />
      <Route path={routePatterns.gallery} component={GalleryPage} />
      <Route path={routePatterns.project} component={ProjectDetailPage} />
      <Route path={routePatterns.pineBundles} component={PineBundlesPage} />
      <Route path={routePatterns.about} component={AboutPage} />
      <Route path={routePatterns.contact} component={ContactPage} />
      <Route path={routePatterns.privacy} component={PrivacyPage} />
      <Route path={routePatterns.terms} component={TermsPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
