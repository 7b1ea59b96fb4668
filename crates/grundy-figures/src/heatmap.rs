//! Heatmaps of the values G(a, b) of a two-heap ruleset, with a colour scale.

use super::colors::{value_color, MARK, MISSING};
use super::font::FAMILY;
use super::{draw_error, integer, Axis, Geometry};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A heatmap of `values[a][b]` = G(a, b): rows a from the top, columns b from the left.
#[derive(Clone, Debug)]
pub struct Heatmap {
    /// Title above the plot.
    pub title: String,
    /// Label of the vertical axis (rows).
    pub row_label: String,
    /// Label of the horizontal axis (columns).
    pub col_label: String,
    /// The values by row and column; `None` where (a, b) is not a position.
    pub values: Vec<Vec<Option<u64>>>,
    /// Cells with this value are drawn in the mark colour.
    pub mark: Option<u64>,
    /// Rows flagged by a triangle at the right edge (e.g. a with a + 1 prime).
    pub row_marks: Vec<u64>,
    /// What the flagged rows are, for the legend.
    pub row_mark_label: String,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// Set when the drawing should stop (a computation's cancellation flag): the
    /// drawing then ends early with [`grundy::Error::Interrupted`].
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Heatmap {
    /// A heatmap of `values` (rows a, columns b) titled `title`, 1000 × 820 pixels.
    pub fn new(title: impl Into<String>, values: Vec<Vec<Option<u64>>>) -> Heatmap {
        Heatmap {
            title: title.into(),
            row_label: "a".into(),
            col_label: "b".into(),
            values,
            mark: None,
            row_marks: Vec::new(),
            row_mark_label: String::new(),
            size: (1000, 820),
            cancel: None,
        }
    }

    /// The largest value in the grid (0 if there is none).
    pub fn vmax(&self) -> u64 {
        self.values.iter().flatten().flatten().copied().max().unwrap_or(0)
    }

    /// The colour of a cell.
    pub fn cell_color(&self, v: Option<u64>) -> RGBColor {
        self.color_below(v, self.vmax())
    }

    /// The colour of a cell in a grid whose largest value is `vmax` (the drawing's
    /// loops ask it of every cell: finding the largest value each time made the
    /// drawing take time in the fourth power of the side).
    fn color_below(&self, v: Option<u64>, vmax: u64) -> RGBColor {
        match v {
            None => MISSING,
            Some(x) if Some(x) == self.mark => MARK,
            Some(x) => value_color(x, vmax),
        }
    }

    /// True once the drawing should stop.
    fn stopped(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    pub(super) fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<Geometry>
    where
        DB::ErrorType: 'static,
    {
        let rows = self.values.len().max(1);
        let cols = self.values.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let (w, _) = root.dim_in_pixel();
        let (main, side) = root.split_horizontally(w.saturating_sub(170));
        let (x0, x1) = (-0.5, cols as f64 - 0.5);
        // Row a is drawn at y = −a, so that row 0 is at the top and ticks fall on round a.
        let (y0, y1) = (-(rows as f64) + 0.5, 0.5);
        let mut chart = ChartBuilder::on(&main)
            .caption(&self.title, (FAMILY, 24))
            .margin(16)
            .margin_right(22)
            .x_label_area_size(50)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(draw_error)?;
        let col_fmt = |v: &f64| integer(*v);
        let row_fmt = |v: &f64| integer(-*v);
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(&self.col_label)
            .y_desc(&self.row_label)
            .label_style((FAMILY, 15))
            .axis_desc_style((FAMILY, 17))
            .x_label_formatter(&col_fmt)
            .y_label_formatter(&row_fmt)
            .draw()
            .map_err(draw_error)?;
        // The plot area's corners, in pixels. A cell narrower or shorter than a pixel
        // would be drawn as nothing, or in its neighbour's colour: refused, with the
        // size that gives each a pixel.
        let (lo, hi) = (chart.backend_coord(&(x0, y1)), chart.backend_coord(&(x1, y0)));
        let (pw, ph) = ((hi.0 - lo.0).max(0) as u32, (hi.1 - lo.1).max(0) as u32);
        if (pw as usize) < cols || (ph as usize) < rows {
            let (w, h) = root.dim_in_pixel();
            anyhow::bail!(
                "a heatmap of {rows}×{cols} cells needs a pixel a cell: a {w}×{h} image has {pw}×{ph} for them; give a width of at least {} and a height of at least {}",
                w as usize + cols.saturating_sub(pw as usize),
                h as usize + rows.saturating_sub(ph as usize)
            );
        }
        // One rectangle per run of equal cells in a row (small SVG files).
        let vmax = self.vmax();
        let mut rects = Vec::new();
        for (a, row) in self.values.iter().enumerate() {
            if self.stopped() {
                return Err(grundy::Error::Interrupted.into());
            }
            let y = -(a as f64);
            let mut b = 0;
            while b < row.len() {
                let c = self.color_below(row[b], vmax);
                let mut e = b;
                while e + 1 < row.len() && self.color_below(row[e + 1], vmax) == c {
                    e += 1;
                }
                rects.push(Rectangle::new(
                    [(b as f64 - 0.5, y - 0.5), (e as f64 + 0.5, y + 0.5)],
                    c.filled(),
                ));
                b = e + 1;
            }
        }
        chart.draw_series(rects).map_err(draw_error)?;
        // The values as digits where the cells are wide enough for them.
        let cell_px = {
            let (l, r) = (chart.backend_coord(&(0.0, 0.0)).0, chart.backend_coord(&(1.0, 0.0)).0);
            r - l
        };
        let digits = vmax.to_string().len() as i32;
        if cell_px >= 8 * digits + 6 {
            let mut labels = Vec::new();
            for (a, row) in self.values.iter().enumerate() {
                for (b, v) in row.iter().enumerate() {
                    if let Some(v) = v {
                        let c = self.color_below(Some(*v), vmax);
                        let light = c.0 as u32 * 299 + c.1 as u32 * 587 + c.2 as u32 * 114 > 140_000;
                        let style = TextStyle::from((FAMILY, 13))
                            .color(if light { &BLACK } else { &WHITE })
                            .pos(plotters::style::text_anchor::Pos::new(
                                plotters::style::text_anchor::HPos::Center,
                                plotters::style::text_anchor::VPos::Center,
                            ));
                        labels.push(Text::new(v.to_string(), (b as f64, -(a as f64)), style));
                    }
                }
            }
            chart.draw_series(labels).map_err(draw_error)?;
        }
        let geometry = Geometry {
            x: Axis {
                lo: x0,
                hi: x1,
                log: false,
                px: (lo.0, hi.0),
            },
            y: Axis {
                lo: -y1,
                hi: -y0,
                log: false,
                px: (lo.1, hi.1),
            },
        };
        // Row flags, just right of the plot: triangles pointing at the row.
        let (px_right, cell_h) = (hi.0, (geometry.y.pixel(1.0) - geometry.y.pixel(0.0)).abs());
        let s = (cell_h / 2.0).clamp(2.0, 6.0) as i32;
        for &a in self.row_marks.iter().filter(|&&a| (a as usize) < rows) {
            let (_, y) = geometry.pixel(0.0, a as f64);
            let x = px_right + 3;
            root.draw(&Polygon::new(
                vec![(x, y), (x + 2 * s, y - s), (x + 2 * s, y + s)],
                MARK.filled(),
            ))
            .map_err(draw_error)?;
        }
        self.draw_scale(&side)?;
        Ok(geometry)
    }

    /// The colour scale and the legend, in the strip right of the plot.
    fn draw_scale<DB: DrawingBackend>(&self, side: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let vmax = self.vmax();
        let (_, h) = side.dim_in_pixel();
        let (bar, legend) = side.split_vertically(h * 7 / 10);
        let mut scale = ChartBuilder::on(&bar)
            .caption("value", (FAMILY, 16))
            .margin_top(60)
            .margin_bottom(10)
            .margin_right(70)
            .y_label_area_size(0)
            .x_label_area_size(0)
            .right_y_label_area_size(50)
            .build_cartesian_2d(0.0..1.0, -0.5..vmax as f64 + 0.5)
            .map_err(draw_error)?;
        scale
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .label_style((FAMILY, 14))
            .y_label_formatter(&|v: &f64| integer(*v))
            .draw()
            .map_err(draw_error)?;
        let steps = vmax.min(255) + 1;
        scale
            .draw_series((0..steps).map(|i| {
                let lo = i as f64 * (vmax + 1) as f64 / steps as f64 - 0.5;
                let hi = (i + 1) as f64 * (vmax + 1) as f64 / steps as f64 - 0.5;
                let v = ((lo + hi) / 2.0).round().max(0.0) as u64;
                let c = if steps == vmax + 1 && Some(v) == self.mark {
                    MARK
                } else {
                    value_color(v, vmax)
                };
                Rectangle::new([(0.0, lo), (1.0, hi)], c.filled())
            }))
            .map_err(draw_error)?;
        let mut y = 10;
        let text = TextStyle::from((FAMILY, 14)).color(&BLACK);
        if let Some(m) = self.mark {
            legend
                .draw(&Rectangle::new([(8, y), (22, y + 14)], MARK.filled()))
                .map_err(draw_error)?;
            legend
                .draw(&Text::new(format!("value {m}"), (28, y), text.clone()))
                .map_err(draw_error)?;
            y += 24;
        }
        if !self.row_marks.is_empty() {
            legend
                .draw(&Polygon::new(vec![(8, y + 7), (22, y), (22, y + 14)], MARK.filled()))
                .map_err(draw_error)?;
            legend
                .draw(&Text::new(self.row_mark_label.clone(), (28, y), text.clone()))
                .map_err(draw_error)?;
            y += 24;
        }
        if self.values.iter().flatten().any(Option::is_none) {
            legend
                .draw(&Rectangle::new([(8, y), (22, y + 14)], MISSING.filled()))
                .map_err(draw_error)?;
            legend
                .draw(&Text::new("not a position", (28, y), text))
                .map_err(draw_error)?;
        }
        Ok(())
    }
}
