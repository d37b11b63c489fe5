// generated — edit src/summarizers/filter_disclosure.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * Largest vocabulary a hint lists. The hint points at the data; a scene's full name list is
 * the unbounded payload a filter exists to avoid.
 */
export declare const LIVE_VOCABULARY_CAP: 12;
