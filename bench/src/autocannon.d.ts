// The part of autocannon's API the API benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    workers?: number;
    /** Requests per second from all connections together (default: as fast as they go). */
    overallRate?: number;
    /** The requests each connection sends in turn; setupRequest may change one before it is sent. */
    requests?: Array<{
      method?: string;
      path?: string;
      setupRequest?: (request: RequestParams) => RequestParams;
    }>;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  interface Instance {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  }
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export = autocannon;
}
