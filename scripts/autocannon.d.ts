// The part of autocannon's API that scripts/load-forms.ts uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    amount?: number;
    duration?: number;
    timeout?: number;
    idReplacement?: boolean;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
    sent: number;
  }
  export interface Result {
    latency: Histogram;
    requests: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Instance {
    stop: () => void;
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
