//! Helpers the crate's unit tests share.

/// A small deterministic generator (xorshift64, no dependency): a seeded failure reproduces.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `s` parsed as JSON: a test's input or expected value, written as text.
pub fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).expect("test JSON")
}
