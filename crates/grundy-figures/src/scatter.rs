//! Scatter plots of values against heap sizes.

use super::colors::{MARK, POINT};
use super::font::FAMILY;
use super::{draw_error, integer, Axis, Geometry};
use anyhow::Result;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What a drawing shows: the x axis's label and the points, heap sizes counted from
/// the axis's origin.
struct Labels<'a> {
    x: &'a str,
    shown: &'a [(u64, u64)],
}

/// A scatter plot of points (n, G(n)).
#[derive(Clone, Debug)]
pub struct Scatter {
    /// Title above the plot.
    pub title: String,
    /// Horizontal axis label.
    pub x_label: String,
    /// Vertical axis label.
    pub y_label: String,
    /// The points (heap size, value).
    pub points: Vec<(u64, u64)>,
    /// Points with this value are drawn in the mark colour, with a legend.
    pub mark: Option<u64>,
    /// Logarithmic horizontal axis (points with n = 0 are left out).
    pub log_x: bool,
    /// Logarithmic vertical axis (points with value 0 are left out).
    pub log_y: bool,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// Set when the drawing should stop (a computation's cancellation flag): the
    /// drawing then ends early with [`grundy::Error::Interrupted`].
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Scatter {
    /// A plot of `points` titled `title`, with axes "heap size n" and "nim-value G(n)",
    /// linear, 1200 × 800 pixels.
    pub fn new(title: impl Into<String>, points: Vec<(u64, u64)>) -> Scatter {
        Scatter {
            title: title.into(),
            x_label: "heap size n".into(),
            y_label: "nim-value G(n)".into(),
            points,
            mark: None,
            log_x: false,
            log_y: false,
            size: (1200, 800),
            cancel: None,
        }
    }

    /// The points drawn: all of them, less those a log axis cannot show.
    pub fn shown(&self) -> impl Iterator<Item = &(u64, u64)> {
        self.points
            .iter()
            .filter(move |&&(n, v)| (!self.log_x || n > 0) && (!self.log_y || v > 0))
    }

    /// True once the drawing should stop.
    fn stopped(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    fn axis(lo: u64, hi: u64, log: bool) -> (f64, f64) {
        let (lo, hi) = (lo as f64, hi as f64);
        if log {
            let (lo, hi) = (lo.max(1.0), hi.max(2.0));
            (lo / 1.1, hi * 1.1)
        } else {
            let pad = ((hi - lo) * 0.02).max(0.5);
            (lo - pad, hi + pad)
        }
    }

    pub(super) fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<Geometry>
    where
        DB::ErrorType: 'static,
    {
        let shown: Vec<(u64, u64)> = self.shown().copied().collect();
        let nmin = shown.iter().map(|p| p.0).min().unwrap_or(0);
        let nmax = shown.iter().map(|p| p.0).max().unwrap_or(1).max(nmin.saturating_add(1));
        // Past 2^53 an f64 holds only every other heap size (every 2^11th near 2^64):
        // heaps apart would share a column. A linear axis is drawn from the least heap
        // shown, n − nmin exact below 2^53 (as many heaps as any plot holds); a
        // logarithmic one cannot be, and is refused where it would merge two heaps.
        let base = if !self.log_x && nmax >= 1 << 53 { nmin } else { 0 };
        if self.log_x {
            if let Some(w) = shown
                .windows(2)
                .find(|w| w[0].0 != w[1].0 && w[0].0 as f64 == w[1].0 as f64)
            {
                anyhow::bail!(
                    "a logarithmic x axis cannot tell heaps {} and {} apart (past 2^53 a coordinate is rounded): drop --log-x, and the heaps are drawn from the least one shown",
                    w[0].0,
                    w[1].0
                );
            }
        }
        let shown: Vec<(u64, u64)> = shown.into_iter().map(|(n, v)| (n - base, v)).collect();
        let (nmin, nmax) = (nmin - base, nmax - base);
        let vmin = if self.log_y {
            shown.iter().map(|p| p.1).min().unwrap_or(1)
        } else {
            0
        };
        let vmax = shown.iter().map(|p| p.1).max().unwrap_or(1).max(vmin + 1);
        let (x0, x1) = Self::axis(nmin, nmax, self.log_x);
        let (y0, y1) = Self::axis(vmin, vmax, self.log_y);
        let x_label = match base {
            0 => self.x_label.clone(),
            b => format!("{} − {b}", self.x_label),
        };
        let at = Labels {
            x: &x_label,
            shown: &shown,
        };
        match (self.log_x, self.log_y) {
            (false, false) => self.draw_in(root, &at, x0..x1, y0..y1, (x0, x1), (y0, y1)),
            (true, false) => self.draw_in(root, &at, (x0..x1).log_scale(), y0..y1, (x0, x1), (y0, y1)),
            (false, true) => self.draw_in(root, &at, x0..x1, (y0..y1).log_scale(), (x0, x1), (y0, y1)),
            (true, true) => self.draw_in(
                root,
                &at,
                (x0..x1).log_scale(),
                (y0..y1).log_scale(),
                (x0, x1),
                (y0, y1),
            ),
        }
    }

    fn draw_in<DB, X, Y>(
        &self,
        root: &DrawingArea<DB, Shift>,
        at: &Labels<'_>,
        xr: X,
        yr: Y,
        (x0, x1): (f64, f64),
        (y0, y1): (f64, f64),
    ) -> Result<Geometry>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        let shown = at.shown;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, (FAMILY, 24))
            .margin(16)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d(xr, yr)
            .map_err(draw_error)?;
        let integer = |v: &f64| integer(*v);
        chart
            .configure_mesh()
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(BLACK.mix(0.08))
            .x_desc(at.x)
            .y_desc(&self.y_label)
            .label_style((FAMILY, 15))
            .axis_desc_style((FAMILY, 17))
            .x_label_formatter(&integer)
            .y_label_formatter(&integer)
            .draw()
            .map_err(draw_error)?;
        let r = if shown.len() <= 2000 { 2 } else { 1 };
        // Points are drawn until the drawing is stopped (checked every 4096).
        let go = |i: usize| !i.is_multiple_of(4096) || !self.stopped();
        let plain = shown
            .iter()
            .enumerate()
            .take_while(|(i, _)| go(*i))
            .map(|(_, p)| p)
            .filter(|p| Some(p.1) != self.mark);
        let series = chart
            .draw_series(plain.map(|&(n, v)| Circle::new((n as f64, v as f64), r, POINT.filled())))
            .map_err(draw_error)?;
        if let Some(m) = self.mark {
            series
                .label("G(n)")
                .legend(move |(x, y)| Circle::new((x, y), 4, POINT.filled()));
            let marked: Vec<&(u64, u64)> = shown.iter().filter(|p| p.1 == m).collect();
            if self.stopped() {
                return Err(grundy::Error::Interrupted.into());
            }
            let count = marked.len();
            chart
                .draw_series(
                    marked
                        .into_iter()
                        .map(|&(n, v)| Circle::new((n as f64, v as f64), r + 1, MARK.filled())),
                )
                .map_err(draw_error)?
                .label(format!(
                    "G(n) = {m} ({count} heap{})",
                    if count == 1 { "" } else { "s" }
                ))
                .legend(move |(x, y)| Circle::new((x, y), 4, MARK.filled()));
            chart
                .configure_series_labels()
                .label_font((FAMILY, 15))
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.4))
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(draw_error)?;
        }
        if self.stopped() {
            return Err(grundy::Error::Interrupted.into());
        }
        let lo = chart.backend_coord(&(x0, y0));
        let hi = chart.backend_coord(&(x1, y1));
        Ok(Geometry {
            x: Axis {
                lo: x0,
                hi: x1,
                log: self.log_x,
                px: (lo.0, hi.0),
            },
            y: Axis {
                lo: y0,
                hi: y1,
                log: self.log_y,
                px: (lo.1, hi.1),
            },
        })
    }
}
