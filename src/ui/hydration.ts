// Whether the browser is still hydrating the server's markup. Effects read it (never render, so
// server and client render alike): a component mounted by hydration adopts what the server drew
// instead of redrawing it, and leaves its state changes to passive effects so none of them lands
// synchronously in the hydration's commit.
let hydrating = false;

export const isHydrating = (): boolean => hydrating;

/** Set by src/app/client.tsx as hydration starts; cleared by src/main.tsx in the task after the first commit. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}
