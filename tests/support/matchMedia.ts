// A controllable prefers-color-scheme for jsdom, which has no matchMedia.
type Listener = (event: MediaQueryListEvent) => void;

export function installColorScheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<Listener>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : !dark;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => true,
  })) as unknown as typeof window.matchMedia;
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent));
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}
