//! `profileResponse`: splits one tool response into payload and overhead blocks, measures each
//! in real tokens (with the `chars / 3.5` estimate beside it, for contrast), and classifies the
//! response's risk to the agent's context budget.
//!
//! The frameworks this replaces estimate tokens as `chars / 3.5`; on JSON that under-counts by
//! roughly a quarter, which moves responses across risk bands. Here the bands are applied to the
//! real count.

use serde::{Deserialize, Serialize};

use super::Risk;
use crate::error::Result;
use crate::json::string::utf16_len;
use crate::json::value::to_json_text;
use crate::tokens::{self, Encoding};

/// Upper bounds of the risk bands, in total tokens of the response.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(default)]
pub struct RiskThresholds {
    /// At most this many tokens is `low`. Default 1,000: a response an agent can take dozens of
    /// times in a session without noticing.
    pub low: f64,
    /// At most this many is `medium`. Default 4,000: a few percent of a working context.
    pub medium: f64,
    /// At most this many is `high`; above it, `critical`. Default 8,000: one response the size
    /// of a long document, which crowds out the task after a handful of calls.
    pub high: f64,
}

impl Default for RiskThresholds {
    fn default() -> Self {
        RiskThresholds { low: 1000.0, medium: 4000.0, high: 8000.0 }
    }
}

/// Default `maxOverheadRatio`: overhead above 30% of the data's tokens is flagged, the ceiling
/// the framework this replaces uses.
pub const DEFAULT_MAX_OVERHEAD_RATIO: f64 = 0.3;

/// One content block of a tool response.
#[derive(Debug, Deserialize)]
pub struct Block {
    /// The MCP content type (`text`, `image`, …); kept for the report.
    #[serde(rename = "type", default)]
    pub kind: String,
    /// The block's text; a block without text (an image) counts as empty.
    #[serde(default)]
    pub text: String,
}

/// Options for [`profile_response`].
#[derive(Debug, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ProfileOptions {
    /// How many blocks at the end are overhead (system rules, UI hints). Default 0.
    pub overhead_blocks: usize,
    /// The risk bands. Default [`RiskThresholds::default`].
    pub thresholds: RiskThresholds,
    /// Overhead / data above this triggers `OVERHEAD WARNING`. Default 0.3.
    pub max_overhead_ratio: f64,
}

impl Default for ProfileOptions {
    fn default() -> Self {
        ProfileOptions {
            overhead_blocks: 0,
            thresholds: RiskThresholds::default(),
            max_overhead_ratio: DEFAULT_MAX_OVERHEAD_RATIO,
        }
    }
}

/// Size of some text in every unit the report shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ProfileSize"))]
pub struct Size {
    pub chars: usize,
    pub bytes: usize,
    pub tokens: usize,
    pub estimated_tokens: usize,
}

impl Size {
    fn of(encoding: Encoding, text: &str) -> Result<Size> {
        let chars = utf16_len(text);
        Ok(Size {
            chars,
            bytes: text.len(),
            tokens: tokens::count(encoding, text)?,
            estimated_tokens: estimate_chars_3_5(chars),
        })
    }

    fn add(self, other: Size) -> Size {
        Size {
            chars: self.chars + other.chars,
            bytes: self.bytes + other.bytes,
            tokens: self.tokens + other.tokens,
            estimated_tokens: self.estimated_tokens + other.estimated_tokens,
        }
    }
}

/// `Math.ceil(chars / 3.5)`, the framework heuristic shown beside the real count.
fn estimate_chars_3_5(chars: usize) -> usize {
    (chars * 2).div_ceil(7)
}

/// The band a response of `tokens` total tokens falls in.
fn risk_by_tokens(tokens: usize, t: &RiskThresholds) -> Risk {
    let n = tokens as f64;
    if n <= t.low {
        Risk::Low
    } else if n <= t.medium {
        Risk::Medium
    } else if n <= t.high {
        Risk::High
    } else {
        Risk::Critical
    }
}

/// Whether a block is the data the tool was called for or overhead around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "BlockRole"))]
pub enum Role {
    Payload,
    Overhead,
}

/// One block of a [`ResponseProfile`].
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BlockProfile {
    /// Position in the response.
    pub index: usize,
    /// The block's MCP content type.
    #[serde(rename = "type")]
    pub kind: String,
    pub role: Role,
    pub size: Size,
}

/// The profile of one response, serialized as `{toolName, encoding, blocks, payload, overhead,
/// total, overheadRatio, risk, advisory}`. JSON has no `Infinity`: an infinite `overheadRatio`
/// is written as `null`, and the JS binding reads it back as `Infinity`, the value the API
/// promises.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ResponseProfile {
    pub tool_name: String,
    pub encoding: Encoding,
    pub blocks: Vec<BlockProfile>,
    pub payload: Size,
    pub overhead: Size,
    pub total: Size,
    /// Overhead tokens / payload tokens: infinite (`Infinity` in JavaScript) with overhead but
    /// no payload, 0 with neither.
    pub overhead_ratio: f64,
    pub risk: Risk,
    pub advisory: Option<String>,
}

/// Profiles `blocks`: the last `overhead_blocks` are overhead, the rest payload.
pub fn profile_response(
    tool_name: &str,
    blocks: &[Block],
    options: &ProfileOptions,
    encoding: Encoding,
) -> Result<ResponseProfile> {
    let first_overhead = blocks.len().saturating_sub(options.overhead_blocks);
    let mut measured = Vec::with_capacity(blocks.len());
    let (mut payload, mut overhead) = (Size::default(), Size::default());
    for (i, block) in blocks.iter().enumerate() {
        let size = Size::of(encoding, &block.text)?;
        let is_overhead = i >= first_overhead;
        if is_overhead {
            overhead = overhead.add(size);
        } else {
            payload = payload.add(size);
        }
        let role = if is_overhead { Role::Overhead } else { Role::Payload };
        measured.push(BlockProfile { index: i, kind: block.kind.clone(), role, size });
    }
    let total = payload.add(overhead);
    let overhead_ratio = match (overhead.tokens, payload.tokens) {
        (0, _) => 0.0,
        (_, 0) => f64::INFINITY,
        (o, p) => o as f64 / p as f64,
    };
    let risk = risk_by_tokens(total.tokens, &options.thresholds);
    let advisory =
        advisory(tool_name, risk, total.tokens, overhead, payload, overhead_ratio, options.max_overhead_ratio);
    Ok(ResponseProfile {
        tool_name: tool_name.to_owned(),
        encoding,
        blocks: measured,
        payload,
        overhead,
        total,
        overhead_ratio,
        risk,
        advisory,
    })
}

fn advisory(
    name: &str,
    risk: Risk,
    tokens: usize,
    overhead: Size,
    payload: Size,
    ratio: f64,
    max_ratio: f64,
) -> Option<String> {
    match risk {
        Risk::Critical => Some(format!(
            "COGNITIVE OVERLOAD: Tool \"{name}\" response is {tokens} tokens. An agent can afford only a few of these per session: \
             return a summary by default, cap collections (limit=N), and let the caller select fields."
        )),
        Risk::High => Some(format!(
            "HIGH TOKEN DENSITY: Tool \"{name}\" response is {tokens} tokens. Consider a summary-first default, a collection limit \
             or field selection."
        )),
        _ if ratio.is_infinite() => Some(format!(
            "OVERHEAD WARNING: Tool \"{name}\" response is all overhead: {} overhead tokens and no data. Drop the overhead blocks \
             or return data with them.",
            overhead.tokens
        )),
        _ if ratio > max_ratio => Some(format!(
            "OVERHEAD WARNING: Tool \"{name}\" spends {} overhead tokens on {} data tokens ({}% of the data, ceiling {}%). \
             Trim the system rules and UI blocks, or move them into the tool description.",
            overhead.tokens,
            payload.tokens,
            (ratio * 100.0).round(),
            (max_ratio * 100.0).round()
        )),
        _ => None,
    }
}

impl ResponseProfile {
    /// The profile as JSON text (see the type's docs for the keys).
    pub fn to_json(&self) -> String {
        to_json_text(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(text: &str) -> Block {
        Block { kind: "text".into(), text: text.into() }
    }

    fn cl100k(text: &str) -> usize {
        tokens::count(Encoding::Cl100kBase, text).unwrap_or(usize::MAX)
    }

    #[test]
    fn splits_payload_and_overhead_and_counts_real_tokens() {
        let blocks = [block(r#"{"id":1,"guid":"98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab"}"#), block("Rules: never guess ids; resolve a GUID prefix first; ask before deleting anything; prefer targeted queries over full dumps.")];
        let options = ProfileOptions { overhead_blocks: 1, ..ProfileOptions::default() };
        let p = profile_response("get_entity", &blocks, &options, Encoding::Cl100kBase).expect("cl100k is built in");
        assert_eq!(p.payload.tokens, cl100k(&blocks[0].text));
        assert_eq!(p.overhead.tokens, cl100k(&blocks[1].text));
        assert_eq!(p.total.tokens, p.payload.tokens + p.overhead.tokens);
        assert_eq!(p.payload.estimated_tokens, (blocks[0].text.len() as f64 / 3.5).ceil() as usize);
        assert_eq!(p.overhead_ratio, p.overhead.tokens as f64 / p.payload.tokens as f64);
        assert_eq!(p.risk, Risk::Low);
        assert!(
            p.advisory.as_deref().is_some_and(|a| a.starts_with("OVERHEAD WARNING: Tool \"get_entity\" spends ")),
            "{:?}",
            p.advisory
        );
    }

    #[test]
    fn risk_bands_and_their_advisories() {
        let t = RiskThresholds::default();
        assert_eq!(risk_by_tokens(1000, &t), Risk::Low);
        assert_eq!(risk_by_tokens(1001, &t), Risk::Medium);
        assert_eq!(risk_by_tokens(4000, &t), Risk::Medium);
        assert_eq!(risk_by_tokens(8000, &t), Risk::High);
        assert_eq!(risk_by_tokens(8001, &t), Risk::Critical);
        let big = "word ".repeat(9000);
        let p =
            profile_response("dump", &[block(&big)], &ProfileOptions::default(), Encoding::Cl100kBase).expect("count");
        assert_eq!(p.risk, Risk::Critical);
        assert_eq!(
            p.advisory.as_deref(),
            Some(format!("COGNITIVE OVERLOAD: Tool \"dump\" response is {} tokens. An agent can afford only a few of these per session: return a summary by default, cap collections (limit=N), and let the caller select fields.", p.total.tokens).as_str())
        );
    }

    #[test]
    fn all_overhead_is_infinite_ratio_with_a_finite_message() {
        let options = ProfileOptions { overhead_blocks: 1, ..ProfileOptions::default() };
        let p =
            profile_response("ui_only", &[block("Click the button.")], &options, Encoding::Cl100kBase).expect("count");
        assert!(p.overhead_ratio.is_infinite());
        let advisory = p.advisory.clone().unwrap_or_default();
        assert!(advisory.starts_with("OVERHEAD WARNING: Tool \"ui_only\" response is all overhead: "), "{advisory}");
        assert!(!advisory.contains("inf"), "{advisory}");
        assert!(p.to_json().contains("\"overheadRatio\":null"));
        let empty = profile_response("nothing", &[], &ProfileOptions::default(), Encoding::Cl100kBase).expect("count");
        assert_eq!(empty.overhead_ratio, 0.0);
        assert_eq!(empty.advisory, None);
    }
}
