//! Figures are checked as images: their size, that they are not blank, and that known
//! points land where the axes say.

use super::*;
use crate::values::{grid, grid_u64, heap_points};
use grundy::catalog::parse_ruleset;
use grundy::game::Ruleset;
use grundy::solve::Method;
use grundy::Control;
use plotters::style::RGBColor;

struct Image {
    w: i32,
    h: i32,
    rgb: Vec<u8>,
}

impl Image {
    fn new(fig: &Figure) -> (Image, Geometry) {
        let (rgb, g) = render_rgb(fig).unwrap();
        let (w, h) = fig.size();
        assert_eq!(rgb.len(), w as usize * h as usize * 3);
        (
            Image {
                w: w as i32,
                h: h as i32,
                rgb,
            },
            g,
        )
    }

    fn at(&self, x: i32, y: i32) -> Option<RGBColor> {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return None;
        }
        let i = (y * self.w + x) as usize * 3;
        Some(RGBColor(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]))
    }

    /// True if a pixel within `r` of (x, y) has colour `c`.
    fn near(&self, (x, y): (i32, i32), r: i32, c: RGBColor) -> bool {
        (-r..=r).any(|dx| (-r..=r).any(|dy| self.at(x + dx, y + dy) == Some(c)))
    }

    fn count(&self, c: RGBColor) -> usize {
        self.rgb
            .chunks(3)
            .filter(|p| p[0] == c.0 && p[1] == c.1 && p[2] == c.2)
            .count()
    }

    fn distinct_colors(&self) -> usize {
        let mut v: Vec<&[u8]> = self.rgb.chunks(3).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    }
}

fn heap(name: &str) -> std::sync::Arc<dyn grundy::game::HeapRuleset> {
    parse_ruleset(name).unwrap().as_heap("test").unwrap().clone()
}

fn scatter(name: &str, to: u64) -> Scatter {
    let rs = heap(name);
    Scatter::new(name, heap_points(&rs, 0, to, &Control::new()).unwrap())
}

#[test]
fn scatter_points_land_at_their_values() {
    let s = scatter("nim", 1000);
    let (img, g) = Image::new(&Figure::Scatter(s.clone()));
    assert_eq!((img.w, img.h), (1200, 800));
    // Not blank: background, axes, text and about a thousand marks.
    assert!(img.distinct_colors() > 20);
    assert!(img.count(POINT) > 2000, "{}", img.count(POINT));
    // The plot area is most of the image, x grows rightwards and y upwards.
    assert!(g.x.px.0 < 150 && g.x.px.1 > 1050, "{g:?}");
    assert!(g.y.px.0 > 650 && g.y.px.1 < 100, "{g:?}");
    for n in [0u64, 1, 250, 500, 999, 1000] {
        assert!(img.near(g.pixel(n as f64, n as f64), 1, POINT), "no mark at n = {n}");
    }
    // In the pixel column of n = 500, every mark is at the height of G(500) = 500
    // (neighbouring heaps overlap the column by the mark's radius only).
    let (x, y) = g.pixel(500.0, 500.0);
    let rows: Vec<i32> = (0..img.h).filter(|&r| img.at(x, r) == Some(POINT)).collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|&r| (r - y).abs() <= 4), "{rows:?} vs {y}");
    // Away from the diagonal there is nothing.
    assert!(!img.near(g.pixel(500.0, 100.0), 3, POINT));
    assert!(!img.near(g.pixel(100.0, 500.0), 3, POINT));
}

#[test]
fn scatter_of_a_periodic_game_and_a_marked_value() {
    // subtraction[2,5,7]: values 0..=3 computed by search; each column holds the value
    // of its heap, and the marked value 0 is red, the others blue.
    let rs = heap("subtraction[2,5,7]");
    let pts = heap_points(&rs, 0, 200, &Control::new()).unwrap();
    let mut s = Scatter::new("subtraction[2,5,7]", pts.clone());
    s.mark = Some(0);
    let (img, g) = Image::new(&Figure::Scatter(s));
    for &(n, v) in &pts {
        let want = if v == 0 { MARK } else { POINT };
        assert!(img.near(g.pixel(n as f64, v as f64), 1, want), "n = {n}, G = {v}");
        for other in (0..=3u64).filter(|&o| o != v) {
            // Only the heap's own value is drawn in its column (marks are 2 px from
            // the centre, heaps are 5.3 px apart).
            let (x, y) = g.pixel(n as f64, other as f64);
            assert!(
                img.at(x, y) != Some(POINT) && img.at(x, y) != Some(MARK),
                "n = {n}, {other}"
            );
        }
    }
}

/// Heaps past 2^53 keep their own columns: a linear axis counts them from the least
/// one shown (its label says so, ticks exact), and a logarithmic one that would merge
/// two of them is refused. Through f64, 101 heaps at 10^18 fell in two columns (a
/// hostile check).
#[test]
fn heaps_past_2_to_the_53_keep_their_columns() {
    let base = 1_000_000_000_000_000_000u64;
    let pts: Vec<(u64, u64)> = (0..=100u64).map(|i| (base + i, i % 5)).collect();
    let s = Scatter::new("big", pts.clone());
    let (img, g) = Image::new(&Figure::Scatter(s.clone()));
    assert!(!g.x.log && g.x.lo < 0.0 && g.x.hi > 100.0 && g.x.hi < 110.0, "{g:?}");
    for &(n, v) in &pts {
        let x = (n - base) as f64;
        assert!(img.near(g.pixel(x, v as f64), 1, POINT), "n = {n}");
        for other in (0..5u64).filter(|&o| o != v) {
            let (px, py) = g.pixel(x, other as f64);
            assert!(img.at(px, py) != Some(POINT), "n = {n}, {other}");
        }
    }
    let svg = render_svg(&Figure::Scatter(s)).unwrap();
    assert!(
        svg.contains(&format!("heap size n − {base}")),
        "the axis names its origin"
    );
    // Near 2^64 too, and ticks are not clipped to i64.
    let top: Vec<(u64, u64)> = (0..=615u64).map(|i| (u64::MAX - 615 + i, i % 3)).collect();
    let mut t = Scatter::new("top", top);
    assert!(render_svg(&Figure::Scatter(t.clone()))
        .unwrap()
        .contains(&format!("heap size n − {}", u64::MAX - 615)));
    t.log_x = true;
    let e = render_svg(&Figure::Scatter(t)).unwrap_err().to_string();
    assert!(e.contains("cannot tell heaps") && e.contains("drop --log-x"), "{e}");
    // Below 2^53 nothing changes: the axis is the heap size itself.
    let (_, g) = Image::new(&Figure::Scatter(scatter("nim", 100)));
    assert!(g.x.lo < 0.0 && g.x.hi > 100.0 && g.x.hi < 110.0, "{g:?}");
    assert_eq!(super::integer(1.8446744073709552e19), "18446744073709551616");
}

#[test]
fn log_axes_put_points_on_a_log_scale() {
    let mut s = scatter("nim", 1000);
    s.log_x = true;
    s.log_y = true;
    let (img, g) = Image::new(&Figure::Scatter(s.clone()));
    assert!(g.x.log && g.y.log);
    assert_eq!(s.shown().count(), 1000, "heap 0 (value 0) is left out");
    for n in [1u64, 2, 10, 100, 500, 1000] {
        assert!(img.near(g.pixel(n as f64, n as f64), 1, POINT), "n = {n}");
    }
    // Equal ratios take equal distances.
    let d1 = g.x.pixel(10.0) - g.x.pixel(1.0);
    let d2 = g.x.pixel(100.0) - g.x.pixel(10.0);
    assert!((d1 - d2).abs() < 1e-6);
}

#[test]
fn heatmap_cells_have_the_colour_of_their_value() {
    // delete-nim by search, compared cell by cell with the closed form of paper 002
    // Theorem 4 through the colour scale.
    let Ruleset::Tuple(t) = parse_ruleset("delete-nim").unwrap() else {
        panic!()
    };
    let n = 31u64;
    let values = grid_u64(&grid(&t, 0..=n, 0..=n, Method::Search, &Control::new()).unwrap()).unwrap();
    let mut h = Heatmap::new("delete-nim", values);
    h.mark = Some(0);
    let vmax = h.vmax();
    assert_eq!(vmax, 5, "v2((x∨y)+1) ≤ 5 for x, y < 32");
    let (img, g) = Image::new(&Figure::Heatmap(h.clone()));
    assert_eq!((img.w, img.h), (1000, 820));
    let cell = g.x.pixel(1.0) - g.x.pixel(0.0);
    assert!(cell > 15.0, "cells are {cell} px wide");
    for a in 0..=n {
        for b in 0..=n {
            let v = grundy::formulas::delete_nim::delete_nim(a, b) as u64;
            let want = if v == 0 { MARK } else { value_color(v, vmax) };
            // Points near the four edges and corners (the centre holds the digits).
            for (db, da) in [
                (-0.4, 0.0),
                (0.4, 0.0),
                (0.0, -0.4),
                (0.0, 0.4),
                (-0.35, -0.35),
                (0.35, 0.35),
            ] {
                let (x, y) = g.pixel(b as f64 + db, a as f64 + da);
                assert_eq!(img.at(x, y), Some(want), "cell ({a},{b}) value {v} at +({db},{da})");
            }
        }
    }
    // Row 0 is at the top, column 0 at the left.
    assert!(g.pixel(0.0, 0.0).1 < g.pixel(0.0, 5.0).1);
    assert!(g.pixel(0.0, 0.0).0 < g.pixel(5.0, 0.0).0);
}

#[test]
fn heatmap_row_flags_and_missing_cells() {
    // vdn has no positions with a heap of 0: those cells are grey.
    let Ruleset::Tuple(t) = parse_ruleset("vdn").unwrap() else {
        panic!()
    };
    let values = grid_u64(&grid(&t, 0..=40, 0..=40, Method::Auto, &Control::new()).unwrap()).unwrap();
    assert!(values[0].iter().all(Option::is_none) && values[3][0].is_none());
    let mut h = Heatmap::new("vdn", values);
    h.row_marks = vec![4, 10];
    h.row_mark_label = "flagged".into();
    let (img, g) = Image::new(&Figure::Heatmap(h));
    assert_eq!(img.at(g.pixel(0.0, 0.0).0, g.pixel(0.0, 0.0).1), Some(MISSING));
    assert_eq!(img.at(g.pixel(0.0, 7.0).0, g.pixel(0.0, 7.0).1), Some(MISSING));
    // A flag just right of the grid on rows 4 and 10, none on row 7.
    let right = g.x.pixel(40.5).round() as i32;
    let flag = |a: f64| (right + 1..right + 12).any(|x| img.at(x, g.y.pixel(a).round() as i32) == Some(MARK));
    assert!(flag(4.0) && flag(10.0) && !flag(7.0));
}

#[test]
fn png_and_svg_files() {
    let s = Figure::Scatter(scatter("odd-nim", 300));
    let png_bytes = render(&s, ImageFormat::Png).unwrap();
    let dec = png::Decoder::new(std::io::Cursor::new(&png_bytes));
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (1200, 800));
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(&buf[..info.buffer_size()], &render_rgb(&s).unwrap().0[..]);
    let svg = render_svg(&s).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("odd-nim"), "the title is in the SVG");
    assert_eq!(svg.matches("<circle").count(), 301, "one circle per heap 0..=300");
    assert_eq!(ImageFormat::from_path(Path::new("a/b.SVG")).unwrap(), ImageFormat::Svg);
    let e = ImageFormat::from_path(Path::new("x.jpg")).unwrap_err().to_string();
    assert!(e.contains(".svg or .png"), "{e}");
}

/// The image's buffer counts against the memory limit before it is drawn (a 10000×10000
/// PNG held 300 MB under a limit of 10 MB, a hostile check); the default size fits.
#[test]
fn a_large_image_keeps_to_the_memory_limit() {
    let rs = parse_ruleset("kayles").unwrap();
    let ctl = Control::new().with_memory_limit(10 << 20);
    let big = PlotOptions {
        width: Some(10_000),
        height: Some(10_000),
        ..PlotOptions::default()
    };
    let e = figure(&rs, 10, &big, &ctl).err().expect("refused").to_string();
    assert!(e.contains("drawing the figure") && e.contains("10000×10000"), "{e}");
    assert!(figure(&rs, 10, &PlotOptions::default(), &ctl).is_ok());
}

/// A heatmap gives every cell a pixel at least: past about 730 cells a side the
/// default 1000×820 image drew cells of no width (in an SVG, `width="0"`: colours lost
/// for 7·10^5 of the 10^6 cells of delete-nim to 999). Its default size grows with the
/// grid, every cell of a large grid shows its colour, and a size given too small is
/// refused with the size that fits.
#[test]
fn a_large_heatmap_gives_each_cell_a_pixel() {
    let rs = parse_ruleset("delete-nim").unwrap();
    let ctl = Control::new();
    let n = 799u64;
    let fig = figure(&rs, n, &PlotOptions::default(), &ctl).unwrap();
    let (img, g) = Image::new(&fig);
    assert!(img.w > 1000 && img.h > 820, "{}×{}", img.w, img.h);
    let span = |x: Axis| (x.px.1 - x.px.0).unsigned_abs();
    assert!(span(g.x) > n as u32 && span(g.y) > n as u32, "{g:?}");
    let Figure::Heatmap(h) = &fig else { panic!("a heatmap") };
    let vmax = h.vmax();
    for a in (0..=n).step_by(7) {
        for b in (0..=n).step_by(5) {
            let v = grundy::formulas::delete_nim::delete_nim(a, b) as u64;
            // At about a pixel a cell, the rounding of the cell's centre may fall on
            // its neighbour: its colour is within a pixel.
            assert!(
                img.near(g.pixel(b as f64, a as f64), 1, value_color(v, vmax)),
                "cell ({a},{b})"
            );
        }
    }
    let small = PlotOptions {
        width: Some(1000),
        height: Some(820),
        ..PlotOptions::default()
    };
    let fig = figure(&rs, n, &small, &ctl).unwrap();
    let e = render_png(&fig).expect_err("refused").to_string();
    assert!(
        e.contains("a heatmap of 800×800 cells needs a pixel a cell") && e.contains("a width of at least"),
        "{e}"
    );
}
