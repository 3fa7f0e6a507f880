// The route table of site.md §2: one shared layout, every page a lazy chunk.
import { redirect } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { ErrorScreen } from '../site/errors/ErrorScreen';
import { Layout, LayoutFallback } from './layout/Layout';
import { paths, patterns } from './paths';

const strip = (path: string) => path.replace(/^\//, '');

/** Page routes use their chunk's name as id (an alias of a page adds `-alias`). */
export const chunkNameOfRoute = (routeId: string): string => routeId.replace(/-alias$/, '');

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Layout,
    HydrateFallback: LayoutFallback,
    ErrorBoundary: ErrorScreen,
    children: [
      {
        // Page errors render inside the layout, so the visitor keeps the navigation.
        ErrorBoundary: ErrorScreen,
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
          {
            id: 'page-blog',
            path: strip(paths.blog),
            lazy: () => import(/* webpackChunkName: "page-blog" */ '../features/blog/BlogPage'),
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
