//! `grundy plot NAME --to N -o FILE`: a scatter plot of G(n) against n for a heap
//! ruleset, or a heatmap of G(a, b) over 0 ≤ a, b ≤ N for a ruleset on pairs. SVG or
//! PNG, chosen by the file's extension.

use super::value::MethodArg;
use crate::figures::{self, Figure, Heatmap, ImageFormat, Scatter};
use crate::values::{grid, grid_u64, heap_points};
use anyhow::{bail, Result};
use grundy::catalog::parse_ruleset;
use grundy::game::Ruleset;
use grundy::Control;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `grundy plot`.
#[derive(clap::Args)]
pub struct Args {
    /// A ruleset: on heaps (saliquant, 'subtraction[1,2]') for a scatter plot, on pairs
    /// (min, delete-nim, vdn) for a heatmap.
    name: String,
    /// Last heap size; for a heatmap, the grid is 0 ≤ a, b ≤ N.
    #[arg(long, value_parser = super::bound::parse_count)]
    to: u64,
    /// First heap size of a scatter plot (default: the ruleset's first position).
    #[arg(long, value_parser = super::bound::parse_count)]
    from: Option<u64>,
    /// Output file: .svg or .png.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: PathBuf,
    /// Draw the positions of this value in red (e.g. 0 for the P-positions).
    #[arg(long, value_name = "VALUE", value_parser = super::bound::parse_count)]
    mark: Option<u64>,
    /// Logarithmic heap-size axis (scatter plots; heap 0 is left out).
    #[arg(long)]
    log_x: bool,
    /// Logarithmic value axis (scatter plots; value 0 is left out).
    #[arg(long)]
    log_y: bool,
    /// How the values of a heatmap are obtained (scatter plots always search).
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
    /// Image width in pixels.
    #[arg(long)]
    width: Option<u32>,
    /// Image height in pixels.
    #[arg(long)]
    height: Option<u32>,
}

/// Largest grid side of a heatmap (a million cells).
const MAX_SIDE: u64 = 1000;

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    // Check the file name, and that it can be written, before computing anything.
    ImageFormat::from_path(&a.out)?;
    crate::output::check_writable(&a.out)?;
    let rs = parse_ruleset(&a.name)?;
    let mut fig = match &rs {
        Ruleset::Heap(h) => {
            let from = a.from.unwrap_or(h.first_heap()).max(h.first_heap());
            if from > a.to {
                bail!("--from {from} is larger than --to {}", a.to);
            }
            let points = heap_points(h, from, a.to, ctl)?;
            let mut s = Scatter::new(format!("{}: nim-values G(n), n = {from}..{}", h.name(), a.to), points);
            s.mark = a.mark;
            s.log_x = a.log_x;
            s.log_y = a.log_y;
            if s.shown().next().is_none() {
                bail!("nothing to plot: every point has a 0 coordinate on a log axis");
            }
            Figure::Scatter(s)
        }
        Ruleset::Tuple(t) => {
            if a.log_x || a.log_y {
                bail!(
                    "--log-x and --log-y apply to scatter plots of heap rulesets, not to the heatmap of {}",
                    t.name()
                );
            }
            if a.from.is_some() {
                bail!("--from applies to scatter plots; a heatmap covers 0 ≤ a, b ≤ N");
            }
            if a.to >= MAX_SIDE {
                bail!(
                    "--to {} is too large for a heatmap (at most {}: one cell per pair)",
                    a.to,
                    MAX_SIDE - 1
                );
            }
            let values = grid_u64(&grid(t, 0..a.to + 1, 0..a.to + 1, a.method.into(), ctl)?)?;
            let mut h = Heatmap::new(format!("{}: G(a,b) for 0 ≤ a, b ≤ {}", t.name(), a.to), values);
            h.mark = a.mark;
            Figure::Heatmap(h)
        }
        Ruleset::Loopy(l) => bail!(
            "{} is a loopy ruleset: its values include ∞(K), which a scatter plot of nim-values cannot place; use `grundy seq {} --to N`",
            l.name(),
            l.name()
        ),
    };
    if a.width.is_some() || a.height.is_some() {
        let (w, h) = fig.size();
        let size = (a.width.unwrap_or(w), a.height.unwrap_or(h));
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
    figures::write(&fig, &a.out)?;
    let (w, h) = fig.size();
    eprintln!("wrote {} ({w}×{h})", a.out.display());
    Ok(ExitCode::SUCCESS)
}
