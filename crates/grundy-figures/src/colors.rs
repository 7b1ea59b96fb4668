//! The colours of the figures: points, the marked value, and the heatmap scale (the
//! viridis scale, dark violet for 0 to yellow for the largest value).

use plotters::style::RGBColor;

/// Colour of the points of a scatter plot.
pub const POINT: RGBColor = RGBColor(31, 78, 160);
/// Colour of a marked value (points of a scatter plot, cells of a heatmap).
pub const MARK: RGBColor = RGBColor(220, 20, 60);
/// Colour of heatmap cells that are not positions of the ruleset.
pub const MISSING: RGBColor = RGBColor(200, 200, 200);

const VIRIDIS: [(u8, u8, u8); 10] = [
    (0x44, 0x01, 0x54),
    (0x48, 0x28, 0x78),
    (0x3e, 0x49, 0x89),
    (0x31, 0x68, 0x8e),
    (0x26, 0x82, 0x8e),
    (0x1f, 0x9e, 0x89),
    (0x35, 0xb7, 0x79),
    (0x6e, 0xce, 0x58),
    (0xb5, 0xde, 0x2b),
    (0xfd, 0xe7, 0x25),
];

/// The heatmap colour of value `v` on a scale from 0 to `vmax` (viridis, linear).
pub fn value_color(v: u64, vmax: u64) -> RGBColor {
    let t = if vmax == 0 {
        0.0
    } else {
        v.min(vmax) as f64 / vmax as f64
    };
    let x = t * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_ends_and_is_distinct_from_marks() {
        assert_eq!(value_color(0, 10), RGBColor(0x44, 0x01, 0x54));
        assert_eq!(value_color(10, 10), RGBColor(0xfd, 0xe7, 0x25));
        assert_eq!(value_color(0, 0), value_color(0, 5));
        for v in 0..=64 {
            let c = value_color(v, 64);
            assert_ne!(c, MARK);
            assert_ne!(c, MISSING);
        }
        // Neighbouring small values are told apart.
        assert_ne!(value_color(1, 8), value_color(2, 8));
    }
}
