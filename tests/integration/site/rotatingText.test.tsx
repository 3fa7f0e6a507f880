import { act, fireEvent, screen } from '@testing-library/react';
import { ResultsBand } from '../../../src/site/home/ResultsBand';
import { caseStudies } from '../../../src/site/case-studies/content';
import { renderWithProviders } from '../../support/render';
import { installReducedMotion } from './support/motion';

const studies = caseStudies.slice(0, 3);
const storyLink = (index: number) => ({ name: `Read the ${studies[index]?.clientName ?? ''} story` });
const currentStory = () => screen.getByRole('link', { name: /^Read the .* story$/ });
const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const rotator = () => screen.getByRole('group', { name: 'client results' });
// eslint-disable-next-line testing-library/no-node-access -- a live region has no role to query by
const liveRegion = () => currentStory().closest('[aria-live]');

let restore: (() => void) | undefined;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  restore?.();
  restore = undefined;
});

function renderBand() {
  return renderWithProviders(<ResultsBand studies={studies} />);
}

describe('Rotating client results', () => {
  it('starts on the first line, with a "Let\'s Collaborate" link to /contact', () => {
    renderBand();
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
    expect(screen.getByRole('link', { name: "Let's Collaborate" })).toHaveAttribute('href', '/contact');
  });

  it('advances every 5000 ms and wraps to the first line', () => {
    renderBand();
    tick(4999);
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
    tick(1);
    expect(currentStory()).toHaveAccessibleName(storyLink(1).name);
    tick(5000);
    expect(currentStory()).toHaveAccessibleName(storyLink(2).name);
    tick(5000);
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
  });

  it('is not announced while it rotates by itself, but is once it has stopped', () => {
    renderBand();
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause client results' }));
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    renderBand();
    fireEvent.mouseEnter(rotator());
    tick(15000);
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
    fireEvent.mouseLeave(rotator());
    tick(5000);
    expect(currentStory()).toHaveAccessibleName(storyLink(1).name);
  });

  it('pauses while focus is inside', () => {
    renderBand();
    act(() => currentStory().focus());
    tick(15000);
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
    expect(currentStory()).toHaveFocus();
    act(() => currentStory().blur());
    tick(5000);
    expect(currentStory()).toHaveAccessibleName(storyLink(1).name);
  });

  it('stops with the Pause button and goes on with Play', () => {
    renderBand();
    fireEvent.click(screen.getByRole('button', { name: 'Pause client results' }));
    tick(20000);
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
    fireEvent.click(screen.getByRole('button', { name: 'Play client results' }));
    tick(5000);
    expect(currentStory()).toHaveAccessibleName(storyLink(1).name);
  });

  it('moves on when asked with Next', () => {
    renderBand();
    fireEvent.click(screen.getByRole('button', { name: 'Next client result' }));
    expect(currentStory()).toHaveAccessibleName(storyLink(1).name);
  });

  it('stays on the first line under prefers-reduced-motion, without a Pause button', () => {
    restore = installReducedMotion(true);
    renderBand();
    tick(30000);
    expect(currentStory()).toHaveAccessibleName(storyLink(0).name);
    expect(screen.queryByRole('button', { name: 'Pause client results' })).not.toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
  });
});
