// The route table of docs/requirements.md#route-table: one shared layout, every page a lazy chunk.
import { Suspense } from 'react';
import { redirect, useRouteError } from 'react-router-dom';
import type { LoaderFunction, Params, RouteObject } from 'react-router-dom';
import { ErrorBoundary, GenericFallback } from '../site/errors/ErrorBoundary';
import { lazyWithPreload } from '../ui/lazyWithPreload';
import { Layout, LayoutFallback } from './layout/Layout';
import { paths, patterns } from '../shared/paths';

const strip = (path: string) => path.replace(/^\//, '');

/**
 * The error screen is a chunk of its own: main.tsx fetches it once the page is committed, so it is in place long
 * before it is needed (and the prerender loads it before rendering). Should that fetch fail (the network gone in
 * the very first moments of a first visit), a route's error shows in the generic fallback instead.
 */
const ErrorScreen = lazyWithPreload(() =>
  import(/* webpackChunkName: "error-screen" */ '../site/errors/ErrorScreen').then((module) => module.ErrorScreen),
);

export const preloadErrorScreen = ErrorScreen.preload;

function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <ErrorBoundary fallback={() => <GenericFallback error={error} />}>
      <Suspense fallback={null}>
        <ErrorScreen />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Page routes use their chunk's name as id; another route of the same page adds `-alias`, and a
 * word after it where the page has several (`page-blog-alias-category`).
 */
export const chunkNameOfRoute = (routeId: string): string => routeId.replace(/-alias(?:-[a-z0-9-]+)?$/, '');

const blogListing = () => import(/* webpackChunkName: "page-blog" */ '../features/blog/BlogPage');

/** `/…/page/1` is page 1 under a second URL: send it to the listing's own path, query and all. */
const toFirstPage =
  (path: (params: Params) => string): LoaderFunction =>
  ({ params, request }) =>
    redirect(`${path(params)}${new URL(request.url).search}`);

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Layout,
    HydrateFallback: LayoutFallback,
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        // Page errors render inside the layout, so the visitor keeps the navigation.
        ErrorBoundary: RouteErrorScreen,
        children: [
          {
            id: 'page-home',
            index: true,
            lazy: () => import(/* webpackChunkName: "page-home" */ '../site/home/HomePage'),
          },
          {
            id: 'page-services',
            path: strip(paths.services),
            lazy: () => import(/* webpackChunkName: "page-services" */ '../site/services/ServicesPage'),
          },
          {
            id: 'page-service',
            path: strip(patterns.service),
            lazy: () => import(/* webpackChunkName: "page-service" */ '../site/services/ServicePage'),
          },
          {
            id: 'page-industries',
            path: strip(paths.industries),
            lazy: () => import(/* webpackChunkName: "page-industries" */ '../site/industries/IndustriesPage'),
          },
          {
            id: 'page-case-studies',
            path: strip(paths.caseStudies),
            lazy: () => import(/* webpackChunkName: "page-case-studies" */ '../site/case-studies/CaseStudiesPage'),
          },
          {
            id: 'page-case-studies-alias',
            path: strip(patterns.caseStudiesIndexAlias),
            lazy: () => import(/* webpackChunkName: "page-case-studies" */ '../site/case-studies/CaseStudiesPage'),
          },
          {
            id: 'page-case-study',
            path: strip(patterns.caseStudy),
            lazy: () => import(/* webpackChunkName: "page-case-study" */ '../site/case-studies/CaseStudyPage'),
          },
          // The blog listing: every page of it is the one BlogPage, which reads its page and
          // category or tag from the route's parameters. None of these routes has a loader, so
          // the browser hydrates them without first running one (client.tsx).
          { id: 'page-blog', path: strip(paths.blog), lazy: blogListing },
          { id: 'page-blog-alias-page', path: strip(patterns.blogPage), lazy: blogListing },
          { id: 'page-blog-alias-category', path: strip(patterns.blogCategory), lazy: blogListing },
          { id: 'page-blog-alias-category-page', path: strip(patterns.blogCategoryPage), lazy: blogListing },
          { id: 'page-blog-alias-tag', path: strip(patterns.blogTag), lazy: blogListing },
          { id: 'page-blog-alias-tag-page', path: strip(patterns.blogTagPage), lazy: blogListing },
          { path: strip(patterns.blogPageOne), loader: toFirstPage(() => paths.blog), element: null },
          {
            path: strip(patterns.blogCategoryPageOne),
            loader: toFirstPage((params) => paths.blogCategory(params.category ?? '')),
            element: null,
          },
          {
            path: strip(patterns.blogTagPageOne),
            loader: toFirstPage((params) => paths.blogTag(params.tag ?? '')),
            element: null,
          },
          {
            id: 'page-blog-post',
            path: strip(patterns.blogPost),
            lazy: () => import(/* webpackChunkName: "page-blog-post" */ '../features/blog/BlogPostPage'),
          },
          {
            path: strip(patterns.legacyBlogPost),
            loader: ({ params }) => redirect(paths.blogPost(params.slug ?? '')),
            element: null,
          },
          {
            id: 'page-careers',
            path: strip(paths.careers),
            lazy: () => import(/* webpackChunkName: "page-careers" */ '../site/company/CareersPage'),
          },
          {
            id: 'page-contact',
            path: strip(paths.contact),
            lazy: () => import(/* webpackChunkName: "page-contact" */ '../site/company/ContactPage'),
          },
          {
            id: 'page-customers',
            path: strip(paths.customers),
            lazy: () => import(/* webpackChunkName: "page-customers" */ '../site/company/CustomersPage'),
          },
          {
            id: 'page-company',
            path: strip(paths.company),
            lazy: () => import(/* webpackChunkName: "page-company" */ '../site/company/CompanyPage'),
          },
          {
            id: 'page-about',
            path: strip(paths.about),
            lazy: () => import(/* webpackChunkName: "page-about" */ '../site/company/AboutPage'),
          },
          {
            id: 'page-support',
            path: strip(paths.support),
            lazy: () => import(/* webpackChunkName: "page-support" */ '../site/company/SupportPage'),
          },
          {
            id: 'page-faq',
            path: strip(paths.faq),
            lazy: () => import(/* webpackChunkName: "page-faq" */ '../site/company/FaqPage'),
          },
          {
            id: 'page-resources',
            path: strip(paths.resources),
            lazy: () => import(/* webpackChunkName: "page-resources" */ '../site/company/ResourcesPage'),
          },
          {
            id: 'page-testimonials',
            path: strip(paths.testimonials),
            lazy: () => import(/* webpackChunkName: "page-testimonials" */ '../site/company/TestimonialsPage'),
          },
          {
            id: 'page-debug',
            path: strip(paths.debug),
            lazy: () => import(/* webpackChunkName: "page-debug" */ '../site/internal/DebugPage'),
          },
          {
            id: 'page-test-rotating-text',
            path: strip(paths.testRotatingText),
            lazy: () =>
              import(/* webpackChunkName: "page-test-rotating-text" */ '../site/internal/TestRotatingTextPage'),
          },
          {
            id: 'page-privacy-policy',
            path: strip(paths.privacyPolicy),
            lazy: () => import(/* webpackChunkName: "page-privacy-policy" */ '../site/legal/PrivacyPolicyPage'),
          },
          {
            id: 'page-terms-of-service',
            path: strip(paths.termsOfService),
            lazy: () => import(/* webpackChunkName: "page-terms-of-service" */ '../site/legal/TermsOfServicePage'),
          },
          {
            id: 'page-not-found',
            path: '*',
            lazy: () => import(/* webpackChunkName: "page-not-found" */ '../site/errors/NotFoundPage'),
          },
        ],
      },
    ],
  },
];
