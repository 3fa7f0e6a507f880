import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: on a loaded 2-core CI machine a lazy page chunk or a
// store round trip can take longer, and a test then fails for no fault of the code. A passing test
// does not wait any longer for this; only a failing one does.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout engine: scrolling is a no-op we can observe.
window.scrollTo = jest.fn();
Element.prototype.scrollIntoView = jest.fn();

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
});
