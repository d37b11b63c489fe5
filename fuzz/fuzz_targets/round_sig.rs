//! `round_sig` / `round_to_precision` against the slowest correct reference there is:
//! `Number(x.toPrecision(p))` computed from the exact decimal expansion of `x`.
//!
//! Every double has a finite decimal expansion (at most 767 significant digits), so formatting
//! with 800 digits is exact; `toPrecision` keeps `p` digits and breaks exact ties away from
//! zero, which on the exact digits means "round up iff digit p+1 is 5 or more". Rust's
//! `str::parse::<f64>` is correctly rounded, as `Number(string)` is.
#![no_main]

use libfuzzer_sys::fuzz_target;
use modoki_budget::round::{round_sig, round_to_precision};

/// `Number(x.toPrecision(p))` for finite non-zero `x`, `1 <= p <= 100`.
fn reference_to_precision(x: f64, p: usize) -> f64 {
    let exact = format!("{:.800e}", x.abs());
    let (mantissa, exponent) = exact.split_once('e').expect("exponent");
    let mut exponent: i32 = exponent.parse().expect("exponent digits");
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    assert!(digits.len() > p + 100 && digits[0] != b'0', "{exact}");
    let mut kept: Vec<u8> = digits[..p].to_vec();
    if digits[p] >= b'5' {
        // Propagate the carry; 99.9 -> 100 moves the exponent.
        let mut i = p;
        loop {
            if i == 0 {
                kept.insert(0, b'1');
                kept.pop();
                exponent += 1;
                break;
            }
            i -= 1;
            if kept[i] == b'9' {
                kept[i] = b'0';
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    let text = format!("{}e{}", std::str::from_utf8(&kept).expect("ascii"), exponent - (p as i32 - 1));
    let value: f64 = text.parse().expect("decimal parses");
    value.copysign(x)
}

/// The reference `roundSig`: integers below 1e15, zeros and non-finite values pass through.
fn reference_round_sig(x: f64, sig: f64) -> f64 {
    if !x.is_finite() || x == 0.0 || (x.fract() == 0.0 && x.abs() < 1e15) {
        return x;
    }
    if !(sig > 0.0 && sig < 17.0) || sig.trunc() < 1.0 {
        return x;
    }
    reference_to_precision(x, sig.trunc() as usize)
}

fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let mut bits = [0u8; 8];
    bits.copy_from_slice(&data[..8]);
    let x = f64::from_bits(u64::from_le_bytes(bits));
    let p = usize::from(data[8] % 16) + 1;
    if x.is_finite() && x != 0.0 {
        let got = round_to_precision(x, p);
        let want = reference_to_precision(x, p);
        assert!(same(got, want), "round_to_precision({x:e} [{:#x}], {p}) = {got:e}, reference {want:e}", x.to_bits());
    }
    // A fractional precision is truncated, as toPrecision does.
    let fraction = f64::from(data.get(9).copied().unwrap_or(0)) / 256.0;
    for sig in [p as f64, p as f64 + fraction] {
        let got = round_sig(x, sig);
        let want = reference_round_sig(x, sig);
        assert!(same(got, want), "round_sig({x:e}, {sig}) = {got:e}, reference {want:e}");
    }
});
