//! Numeric outliers by robust statistics: the median and the median absolute deviation (MAD).
//! A mean and a standard deviation are pulled toward a spike, so one spike can hide itself;
//! the median and MAD are not moved by it.
//!
//! A value is an outlier when its modified z-score `|x - median| / (1.4826 · MAD)` is above
//! [`THRESHOLD`] (Iglewicz and Hoaglin's 3.5). When more than half the values are equal the MAD
//! is 0; the mean absolute deviation from the median (scaled by 1.2533, the same normal
//! consistency) stands in, so a flat series with one spike still finds the spike. Both are
//! found with a linear-time selection, never a sort of all values.

/// The modified z-score above which a value is an outlier (Iglewicz and Hoaglin).
pub const THRESHOLD: f64 = 3.5;
/// Series shorter than this have no outliers: too few values to call one unusual.
pub const MIN_VALUES: usize = 8;
/// Outliers kept per field, the most extreme first.
pub const MAX_PER_FIELD: usize = 8;

/// The outliers among `values` (NaN for an item without the field), most extreme first, as
/// `(index, score)`, at most [`MAX_PER_FIELD`]. Ties keep index order (deterministic).
pub fn outliers(values: &[f64]) -> Vec<(usize, f64)> {
    let mut present: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
    if present.len() < MIN_VALUES {
        return Vec::new();
    }
    let median = median_of(&mut present);
    for x in present.iter_mut() {
        *x = (*x - median).abs();
    }
    let mad = median_of(&mut present);
    let scale = if mad > 0.0 { 1.4826 * mad } else { 1.2533 * present.iter().sum::<f64>() / present.len() as f64 };
    if scale.is_nan() || scale <= 0.0 || !scale.is_finite() {
        return Vec::new();
    }
    let mut found: Vec<(usize, f64)> = values
        .iter()
        .enumerate()
        .filter(|(_, x)| x.is_finite())
        .map(|(i, x)| (i, (x - median).abs() / scale))
        .filter(|(_, score)| *score > THRESHOLD)
        .collect();
    let by_score = |a: &(usize, f64), b: &(usize, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    if found.len() > MAX_PER_FIELD {
        found.select_nth_unstable_by(MAX_PER_FIELD - 1, by_score);
        found.truncate(MAX_PER_FIELD);
    }
    found.sort_by(by_score);
    found
}

/// The median (the mean of the two middle values for an even count); reorders `values`.
fn median_of(values: &mut [f64]) -> f64 {
    let n = values.len();
    let mid = n / 2;
    let (lower, upper, _) = values.select_nth_unstable_by(mid, f64::total_cmp);
    let upper = *upper;
    if n % 2 == 1 {
        return upper;
    }
    let below = lower.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (below + upper) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_spike_in_a_noisy_series_is_found() {
        let mut series: Vec<f64> = (0..200).map(|i| 100.0 + ((i * 37) % 11) as f64).collect();
        series[137] = 950.0;
        let got = outliers(&series);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 137);
        assert!(got[0].1 > 100.0, "{got:?}");
    }

    #[test]
    fn a_flat_series_with_one_spike_uses_the_mean_deviation() {
        let mut series = vec![5.0; 50];
        series[3] = 6.0;
        assert_eq!(outliers(&series).iter().map(|o| o.0).collect::<Vec<_>>(), [3]);
        assert!(outliers(&[5.0; 50]).is_empty());
    }

    #[test]
    fn spread_values_and_short_series_have_none() {
        let uniform: Vec<f64> = (0..1000).map(f64::from).collect();
        assert!(outliers(&uniform).is_empty());
        assert!(outliers(&[1.0, 1.0, 1.0, 1000.0]).is_empty());
    }

    #[test]
    fn missing_values_keep_their_index_and_the_most_extreme_come_first() {
        let mut series: Vec<f64> = (0..100).map(|i| (i % 7) as f64).collect();
        series[10] = f64::NAN;
        series[20] = 500.0;
        series[30] = -900.0;
        for (i, x) in series.iter_mut().enumerate().take(52).skip(40) {
            *x = 300.0 + i as f64;
        }
        let got = outliers(&series);
        assert_eq!(got.len(), MAX_PER_FIELD);
        assert_eq!(got[0].0, 30);
        assert_eq!(got[1].0, 20);
        assert_eq!(got[2].0, 51);
    }

    #[test]
    fn median_of_even_and_odd_counts() {
        assert_eq!(median_of(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median_of(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
    }
}
