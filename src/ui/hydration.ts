// Which images the server drew. The browser entry records them as hydration starts (src/app/client.tsx); an <Image>
// whose element is one of them adopts it as it is instead of redrawing it, and leaves its state changes to passive
// effects so none of them lands synchronously in a hydration commit. Per element, not a flag for "hydrating": parts
// of a page inside Suspense boundaries hydrate in later passes, after the first commit, and their images are the
// server's all the same. Effects read it (never render, so server and client render alike).
let serverImages = new WeakSet<Element>();

/** The <img> elements under `root` are the server's (a page being hydrated). */
export function recordServerImages(root: ParentNode): void {
  serverImages = new WeakSet(root.querySelectorAll('img'));
}

/**
 * Whether `img` is an image the server drew that no <Image> has adopted yet; adopting is once per element, so a
 * later change of src on the same element is handled as any client render is.
 */
export function adoptServerImage(img: Element | null): boolean {
  return img !== null && serverImages.delete(img);
}

/** The server's markup of a <Prerendered> part (Prerendered.tsx), and the URL its page was prerendered for. */
export interface PrerenderedMarkup {
  path: string;
  html: string;
}

export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

let prerenderedMarkup = new Map<string, PrerenderedMarkup>();

/**
 * The markup of every <Prerendered> part under `root`, a page rendered for `path` about to be hydrated. Here, not
 * beside the component: the entry calls it, and the component's code comes with the pages and the footer.
 */
export function recordPrerenderedMarkup(root: ParentNode, path: string): void {
  prerenderedMarkup = new Map(
    [...root.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`)].map((element) => [
      element.getAttribute(PRERENDERED_ATTRIBUTE) ?? '',
      { path, html: element.innerHTML },
    ]),
  );
}

/** The recorded markup of the part `id`, if the page was hydrated with one. */
export const prerenderedMarkupOf = (id: string): PrerenderedMarkup | null => prerenderedMarkup.get(id) ?? null;
