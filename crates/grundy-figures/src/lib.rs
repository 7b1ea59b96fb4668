//! # grundy-figures
//!
//! Figures of grundy's values, shared by the `grundy` command line (`plot`, the
//! figures of `reproduce`) and the Python package (`grundy.plot`): scatter plots of
//! nim-value sequences ([`Scatter`]) and heatmaps of the values of two-heap rulesets
//! ([`Heatmap`]), drawn with plotters into SVG or PNG; [`figure`] builds the figure of
//! a ruleset, and [`values`] computes the values figures and tables show.
//!
//! Text uses DejaVu Sans, bundled in the binary (assets/fonts), so PNG figures have
//! their labels on machines without system fonts. [`render_rgb`] also returns the
//! [`Geometry`] (where the axes put a value, in pixels) so that tests can check that
//! known points land where they should.

#![warn(missing_docs)]

mod colors;
mod font;
mod heatmap;
mod scatter;
pub mod values;

#[cfg(test)]
use colors::{value_color, MARK, MISSING, POINT};
pub use heatmap::Heatmap;
pub use scatter::Scatter;

use anyhow::{bail, Context, Result};
use grundy::game::Ruleset;
use grundy::solve::Method;
use grundy::Control;
use plotters::prelude::*;
use std::path::Path;
use values::{grid, grid_u64, heap_points};

/// Largest grid side of a heatmap (a million cells).
pub const MAX_SIDE: u64 = 1000;

/// What to draw besides the ruleset and the range: the options of `grundy plot`.
#[derive(Clone, Debug, Default)]
pub struct PlotOptions {
    /// First heap of a scatter plot (default: the ruleset's first position).
    pub from: Option<u64>,
    /// Draw the positions of this value in red.
    pub mark: Option<u64>,
    /// Logarithmic heap-size axis (scatter plots).
    pub log_x: bool,
    /// Logarithmic value axis (scatter plots).
    pub log_y: bool,
    /// How the values of a heatmap are obtained (scatter plots always search).
    pub method: Option<Method>,
    /// Width and height in pixels, where not the default.
    pub width: Option<u32>,
    /// Height in pixels, where not the default.
    pub height: Option<u32>,
}

/// The figure of `rs` up to `to`: a scatter plot of G(n) against n for a heap ruleset,
/// or a heatmap of G(a, b) over 0 ≤ a, b ≤ `to` for a ruleset on pairs.
///
/// # Errors
/// Options that do not apply to the kind of figure, a range or size out of bounds, a
/// loopy ruleset (its values ∞(K) cannot be placed), and the errors of the
/// computation of the values (memory limit, interruption, values above 64 bits).
pub fn figure(rs: &Ruleset, to: u64, o: &PlotOptions, ctl: &Control) -> Result<Figure> {
    let mut fig = match rs {
        Ruleset::Heap(h) => {
            if to < h.first_heap() {
                return Err(grundy::Error::below_first_heap(&h.name(), to, h.first_heap()).into());
            }
            // A first heap below the ruleset's is refused, as `seq --from` refuses it
            // (it was moved up silently).
            if let Some(f) = o.from.filter(|&f| f < h.first_heap()) {
                return Err(grundy::Error::below_first_heap(&h.name(), f, h.first_heap()).into());
            }
            let from = o.from.unwrap_or(h.first_heap());
            if from > to {
                bail!("--from {from} is larger than --to {to}");
            }
            let points = heap_points(h, from, to, ctl)?;
            let mut s = Scatter::new(format!("{}: nim-values G(n), n = {from}..{to}", h.name()), points);
            s.mark = o.mark;
            s.log_x = o.log_x;
            s.log_y = o.log_y;
            s.cancel = Some(ctl.cancel_flag());
            if s.shown().next().is_none() {
                bail!("nothing to plot: every point has a 0 coordinate on a log axis");
            }
            Figure::Scatter(s)
        }
        Ruleset::Tuple(t) => {
            if o.log_x || o.log_y {
                bail!(
                    "--log-x and --log-y apply to scatter plots of heap rulesets, not to the heatmap of {}",
                    t.name()
                );
            }
            if o.from.is_some() {
                bail!("--from applies to scatter plots; a heatmap covers 0 ≤ a, b ≤ N");
            }
            if to >= MAX_SIDE {
                bail!(
                    "--to {to} is too large for a heatmap (at most {}: one cell per pair)",
                    MAX_SIDE - 1
                );
            }
            let method = o.method.unwrap_or(Method::Auto);
            let values = grid_u64(&grid(t, 0..=to, 0..=to, method, ctl)?)?;
            let mut h = Heatmap::new(format!("{}: G(a,b) for 0 ≤ a, b ≤ {to}", t.name()), values);
            // At least a pixel a cell by default (the plot area is the image less some 270
            // pixels across and 150 down): past about 730 cells a side the cells of the
            // default 1000×820 image were narrower than a pixel, and drawn wrong.
            let side = to as u32 + 1;
            h.size = (h.size.0.max(side + 300), h.size.1.max(side + 180));
            h.mark = o.mark;
            h.cancel = Some(ctl.cancel_flag());
            Figure::Heatmap(h)
        }
        Ruleset::Loopy(l) => bail!(
            "{} is a loopy ruleset: its values include ∞(K), which a scatter plot of nim-values cannot place; use `grundy seq {} --to N`",
            l.name(),
            l.name()
        ),
        Ruleset::Game(g) => bail!(
            "{} has boards or graphs as positions: a figure plots heaps or pairs; use `grundy value`",
            g.name()
        ),
    };
    if o.width.is_some() || o.height.is_some() {
        let (w, h) = fig.size();
        let size = (o.width.unwrap_or(w), o.height.unwrap_or(h));
        if size.0 < 200 || size.1 < 150 || size.0 > 10_000 || size.1 > 10_000 {
            bail!(
                "image size {}×{} is out of range (200×150 to 10000×10000)",
                size.0,
                size.1
            );
        }
        match &mut fig {
            Figure::Scatter(s) => s.size = size,
            Figure::Heatmap(h) => h.size = size,
        }
    }
    // A PNG is drawn into a buffer of 3 bytes a pixel, then encoded (at most as large
    // again): counted before the drawing (10000×10000 held 300 MB under a limit of 10
    // MB, a hostile check). An SVG, whose size is its points', takes less.
    let (w, h) = fig.size();
    ctl.check_memory(
        "drawing the figure",
        u64::from(w) * u64::from(h) * 3 * 2,
        format!("a {w}×{h} image: 3 bytes a pixel, and its PNG encoding"),
    )?;
    Ok(fig)
}

/// Image formats, chosen by the file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (`.svg`).
    Svg,
    /// Portable network graphics (`.png`).
    Png,
}

impl ImageFormat {
    /// The format named by `path`'s extension (`.svg` or `.png`, any case).
    pub fn from_path(path: &Path) -> Result<ImageFormat> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(ImageFormat::Svg),
            Some("png") => Ok(ImageFormat::Png),
            _ => bail!(
                "cannot tell the image format of '{}': the file name must end in .svg or .png",
                path.display()
            ),
        }
    }
}

/// A figure of either kind.
pub enum Figure {
    /// Values against heap sizes.
    Scatter(Scatter),
    /// Values over a grid of pairs.
    Heatmap(Heatmap),
}

/// Bytes an SVG document takes per shape it draws (a point or a run of cells, as the
/// document's text and the string it is built in), with room: a scatter plot of 10^7
/// points wrote 920 MB and peaked at 1.22 GB.
pub const SVG_BYTES_PER_SHAPE: u64 = 130;

impl Figure {
    /// The shapes the figure draws at most: its points, or its cells (a heatmap draws
    /// one rectangle per run of equal cells in a row, and digits in large cells).
    pub fn shapes(&self) -> u64 {
        match self {
            Figure::Scatter(s) => s.shown().count() as u64,
            Figure::Heatmap(h) => h.values.iter().map(|r| r.len() as u64).sum::<u64>() * 2,
        }
    }

    /// Checks the memory an SVG document of the figure takes ([`SVG_BYTES_PER_SHAPE`]
    /// per shape) against the limit, before it is drawn.
    ///
    /// # Errors
    /// [`grundy::Error::TooLarge`] when the document would take more than the memory
    /// limit allows.
    pub fn check_svg_memory(&self, ctl: &Control) -> grundy::Result<()> {
        let n = self.shapes();
        ctl.check_memory(
            "drawing the figure as SVG",
            n.saturating_mul(SVG_BYTES_PER_SHAPE),
            format!("{n} shapes at about {SVG_BYTES_PER_SHAPE} bytes each in the document; a PNG takes a fixed size"),
        )
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        match self {
            Figure::Scatter(s) => s.size,
            Figure::Heatmap(h) => h.size,
        }
    }

    fn draw<DB: DrawingBackend>(&self, root: DrawingArea<DB, plotters::coord::Shift>) -> Result<Geometry>
    where
        DB::ErrorType: 'static,
    {
        font::ensure()?;
        root.fill(&WHITE).map_err(draw_error)?;
        let g = match self {
            Figure::Scatter(s) => s.draw(&root)?,
            Figure::Heatmap(h) => h.draw(&root)?,
        };
        root.present().map_err(draw_error)?;
        Ok(g)
    }
}

/// Where one axis puts a value: `lo` is drawn at pixel `px.0` and `hi` at `px.1`,
/// linearly in the value (or in its logarithm for a log axis).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    /// Smallest value of the axis range.
    pub lo: f64,
    /// Largest value of the axis range.
    pub hi: f64,
    /// Logarithmic axis.
    pub log: bool,
    /// Pixels of `lo` and `hi`.
    pub px: (i32, i32),
}

impl Axis {
    /// The pixel coordinate of value `v`.
    pub fn pixel(&self, v: f64) -> f64 {
        let f = |x: f64| if self.log { x.ln() } else { x };
        let t = (f(v) - f(self.lo)) / (f(self.hi) - f(self.lo));
        self.px.0 as f64 + t * (self.px.1 - self.px.0) as f64
    }
}

/// The axes of a drawn figure (for a heatmap, cell (a, b) is centred on x = b, y = a).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Horizontal axis.
    pub x: Axis,
    /// Vertical axis.
    pub y: Axis,
}

impl Geometry {
    /// The pixel (column, row) of the point (x, y), rounded.
    pub fn pixel(&self, x: f64, y: f64) -> (i32, i32) {
        (self.x.pixel(x).round() as i32, self.y.pixel(y).round() as i32)
    }
}

/// The label of an axis value: the integer it is, or nothing between integers.
fn integer(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 {
        // The f64's own decimal digits: an i64 saturated past 9.2·10^18.
        format!("{:.0}", v.round())
    } else {
        String::new()
    }
}

pub(crate) fn draw_error<E: std::error::Error + Send + Sync + 'static>(e: E) -> anyhow::Error {
    anyhow::anyhow!("drawing failed: {e}")
}

/// Draws `fig` into an RGB buffer (3 bytes per pixel, rows top to bottom).
pub fn render_rgb(fig: &Figure) -> Result<(Vec<u8>, Geometry)> {
    let (w, h) = fig.size();
    let mut buf = vec![0u8; w as usize * h as usize * 3];
    let g = {
        let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        fig.draw(root)?
    };
    Ok((buf, g))
}

/// Draws `fig` as an SVG document.
pub fn render_svg(fig: &Figure) -> Result<String> {
    let mut s = String::new();
    {
        let root = SVGBackend::with_string(&mut s, fig.size()).into_drawing_area();
        fig.draw(root)?;
    }
    Ok(s)
}

/// Draws `fig` as a PNG file's bytes.
pub fn render_png(fig: &Figure) -> Result<Vec<u8>> {
    let (w, h) = fig.size();
    let (rgb, _) = render_rgb(fig)?;
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let mut wr = enc.write_header().context("PNG encoding failed")?;
        wr.write_image_data(&rgb).context("PNG encoding failed")?;
    }
    Ok(out)
}

/// Draws `fig` in `format`.
pub fn render(fig: &Figure, format: ImageFormat) -> Result<Vec<u8>> {
    match format {
        ImageFormat::Svg => Ok(render_svg(fig)?.into_bytes()),
        ImageFormat::Png => render_png(fig),
    }
}

/// Writes `fig` to `path`, in the format named by its extension, atomically (a full
/// disk leaves no truncated image).
pub fn write(fig: &Figure, path: &Path) -> Result<()> {
    let format = ImageFormat::from_path(path)?;
    let bytes = render(fig, format)?;
    grundy::control::write_atomically(path, &bytes).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests;
