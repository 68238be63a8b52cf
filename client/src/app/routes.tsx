import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { routePatterns } from '@shared/routes';
import { pageHydrated } from '@/lib/after-page-load';
import { lazyPage } from './page-registry';

const HomePage = lazyPage('src/pages/home.tsx', () => import('@/pages/home'));
const ServicesPage = lazyPage('src/pages/services.tsx', () => import('@/pages/services'));
const ServiceDetailPage = lazyPage('src/pages/service-detail.tsx', () => import('@/pages/service-detail'));
const LocationDetailPage = lazyPage('src/pages/location-detail.tsx', () => import('@/pages/location-detail'));
const GalleryPage = lazyPage('src/pages/gallery.tsx', () => import('@/pages/gallery'));
const PineBundlesPage = lazyPage('src/pages/pine-bundles.tsx', () => import('@/pages/pine-bundles'));
const AboutPage = lazyPage('src/pages/about.tsx', () => import('@/pages/about'));
const ContactPage = lazyPage('src/pages/contact.tsx', () => import('@/pages/contact'));
const PrivacyPage = lazyPage('src/pages/privacy.tsx', () => import('@/pages/privacy'));
const TermsPage = lazyPage('src/pages/terms.tsx', () => import('@/pages/terms'));
const NotFoundPage = lazyPage('src/pages/not-found.tsx', () => import('@/pages/not-found'));

/** Runs once the page inside this boundary has hydrated (or rendered). */
function HydrationMark() {
  useEffect(pageHydrated, []);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<div className="min-h-[70vh]" aria-busy="true" />}>
      <Switch>
        <Route path={routePatterns.home} component={HomePage} />
        <Route path={routePatterns.services} component={ServicesPage} />
        <Route path={routePatterns.service} component={ServiceDetailPage} />
        <Route path={routePatterns.location} component={LocationDetailPage} />
        <Route path={routePatterns.gallery} component={GalleryPage} />
        <Route path={routePatterns.pineBundles} component={PineBundlesPage} />
        <Route path={routePatterns.about} component={AboutPage} />
        <Route path={routePatterns.contact} component={ContactPage} />
        <Route path={routePatterns.privacy} component={PrivacyPage} />
        <Route path={routePatterns.terms} component={TermsPage} />
        <Route component={NotFoundPage} />
      </Switch>
      <HydrationMark />
    </Suspense>
  );
}
