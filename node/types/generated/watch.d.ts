// generated — edit src/summarizers/stream/watch.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * Summary statistics of one watch series. Declared for the JS types only.
 */
export type WatchStats = {
  first: number;
  last: number;
  min: number;
  max: number;
  delta: number;
  settled: boolean;
};

/**
 * One watch sample: the producer's keys. Declared for the JS types only.
 */
export type WatchSample = {
  [key in string]: unknown;
};

/**
 * One watch series as the producer returns it. Declared for the JS types only.
 */
export type WatchSeries = {
  guid: string;
  name?: string;
  field: string;
  count: number;
  despawnedAt: number | null;
  stats: WatchStats | null;
  samples: Array<WatchSample>;
};

/**
 * The payload of `watchRead`: the input's keys, series summarized (samples only with
 * `samples`), then the added keys. Declared for the JS types only: the reply is the input's
 * own map.
 */
export type WatchReadResult = {
  series: Array<Omit<WatchSeries, "samples"> & { samples?: Array<WatchSample> }>;
  /** Series before the limit, when it cut some. */
  seriesTotal?: number;
  seriesTruncated?: true;
  /** Samples across the returned series (a stats-only read). */
  totalSamples?: number;
  hint?: string;
} & ({ [key in string]: unknown });
