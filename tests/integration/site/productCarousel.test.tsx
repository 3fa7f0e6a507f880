import { act, fireEvent, screen, within } from '@testing-library/react';
import { ProductCarousel } from '../../../src/site/home/ProductCarousel';
import { cloudProducts } from '../../../src/site/home/content';
import { CAROUSEL_CARD_WIDTH, CAROUSEL_GAP, CAROUSEL_SPEED } from '../../../src/ui/AutoScrollCarousel';
import { renderWithProviders } from '../../support/render';
import { installReducedMotion } from './support/motion';

const FRAME_MS = 16;
const frames = (count: number) => act(() => jest.advanceTimersByTime(count * FRAME_MS));
const scroller = () => screen.getByRole('region', { name: 'Salesforce products' });

let restore: (() => void) | undefined;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  restore?.();
  restore = undefined;
});

describe('Cloud product carousel', () => {
  it('uses the constants of the spec', () => {
    expect([CAROUSEL_SPEED, CAROUSEL_GAP, CAROUSEL_CARD_WIDTH]).toEqual([1.5, 15, 300]);
  });

  it('shows six product cards, each a link to its service page reachable once by keyboard', () => {
    renderWithProviders(<ProductCarousel products={cloudProducts} />);
    const links = within(scroller()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      cloudProducts.map((product) => `/services/${product.slug}`),
    );
    expect(links.map((link) => link.textContent)).toContain('Account Engagement (Pardot)');
  });

  it('scrolls 1.5 px per frame until paused with the button, then resumes with Play', () => {
    renderWithProviders(<ProductCarousel products={cloudProducts} />);
    frames(10);
    const moved = scroller().scrollLeft;
    expect(moved).toBeGreaterThan(0);
    expect(moved % CAROUSEL_SPEED).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Pause Salesforce products' }));
    frames(10);
    expect(scroller().scrollLeft).toBe(moved);

    fireEvent.click(screen.getByRole('button', { name: 'Play Salesforce products' }));
    frames(10);
    expect(scroller().scrollLeft).toBeGreaterThan(moved);
  });

  it('stays still while it is off screen and starts when scrolled into view', () => {
    // The browser tells the carousel when it becomes visible; jsdom has no IntersectionObserver.
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    class FakeIntersectionObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'IntersectionObserver', { configurable: true, value: FakeIntersectionObserver });
    try {
      renderWithProviders(<ProductCarousel products={cloudProducts} />);
      frames(10);
      expect(scroller().scrollLeft).toBe(0);
      act(() => report?.([{ isIntersecting: true }]));
      frames(10);
      expect(scroller().scrollLeft).toBeGreaterThan(0);
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });

  it('pauses on hover and while a card has focus', () => {
    renderWithProviders(<ProductCarousel products={cloudProducts} />);
    fireEvent.mouseEnter(scroller());
    frames(10);
    expect(scroller().scrollLeft).toBe(0);
    fireEvent.mouseLeave(scroller());

    act(() => within(scroller()).getAllByRole('link')[2]?.focus());
    const at = scroller().scrollLeft;
    frames(10);
    expect(scroller().scrollLeft).toBe(at);
  });

  it('goes back to the start when the window is resized', () => {
    renderWithProviders(<ProductCarousel products={cloudProducts} />);
    frames(20);
    expect(scroller().scrollLeft).toBeGreaterThan(0);
    fireEvent.mouseEnter(scroller());
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(scroller().scrollLeft).toBe(0);
  });

  it('stands still under prefers-reduced-motion, without a pause button', () => {
    restore = installReducedMotion(true);
    renderWithProviders(<ProductCarousel products={cloudProducts} />);
    frames(60);
    expect(scroller().scrollLeft).toBe(0);
    expect(screen.queryByRole('button', { name: /Salesforce products/ })).not.toBeInTheDocument();
    expect(within(scroller()).getAllByRole('listitem', { hidden: true })).toHaveLength(cloudProducts.length);
  });
});
