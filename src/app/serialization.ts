// The prerendered store state travels in a non-executable JSON script element.
export const PRELOADED_STATE_ID = '__PRELOADED_STATE__';

/** JSON that is safe inside <script type="application/json">: nothing can close the element. */
export const serializeState = (state: unknown): string =>
  JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
