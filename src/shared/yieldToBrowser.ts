// Splitting start-up work into tasks of its own: every task over 50 ms blocks input (Lighthouse TBT).

/** Ends the current task, so the browser can paint and answer input before the next step runs. */
export const yieldToBrowser = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
