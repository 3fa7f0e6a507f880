import '@testing-library/jest-dom';

// jsdom has no layout engine: scrolling is a no-op we can observe.
window.scrollTo = jest.fn();
Element.prototype.scrollIntoView = jest.fn();

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
});
