//! `grundy plot NAME --to N -o FILE`: a scatter plot of G(n) against n for a heap
//! ruleset, or a heatmap of G(a, b) over 0 ≤ a, b ≤ N for a ruleset on pairs. SVG or
//! PNG, chosen by the file's extension.

use super::value::MethodArg;
use anyhow::Result;
use grundy::catalog::parse_ruleset;
use grundy::Control;
use grundy_figures::{figure, ImageFormat, PlotOptions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `grundy plot`.
#[derive(clap::Args)]
pub struct Args {
    /// A ruleset: on heaps (saliquant, 'subtraction[1,2]') for a scatter plot, on pairs
    /// (min, delete-nim, vdn) for a heatmap.
    name: String,
    /// Last heap size; for a heatmap, the grid is 0 ≤ a, b ≤ N (N ≤ 999: one cell a pair).
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

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    // Check the file name, and that it can be written, before computing anything.
    ImageFormat::from_path(&a.out)?;
    crate::output::check_writable(&a.out)?;
    let rs = parse_ruleset(&a.name)?;
    let options = PlotOptions {
        from: a.from,
        mark: a.mark,
        log_x: a.log_x,
        log_y: a.log_y,
        method: Some(a.method.into()),
        width: a.width,
        height: a.height,
    };
    let fig = figure(&rs, a.to, &options, ctl)?;
    let format = ImageFormat::from_path(&a.out)?;
    if format == ImageFormat::Svg {
        fig.check_svg_memory(ctl)?;
    }
    let bytes = grundy_figures::render(&fig, format)?;
    crate::output::write_atomically_unless_stopped(&a.out, &bytes, ctl)?;
    let (w, h) = fig.size();
    crate::eprintln_quiet!("wrote {} ({w}×{h})", a.out.display());
    if ctl.cancelled() {
        // A Ctrl-C after the data was written, while the file was synced and renamed:
        // the rename was made, and the run stops as interrupted.
        crate::progress::written_whole(&a.out);
        return Err(grundy::Error::Interrupted.into());
    }
    Ok(ExitCode::SUCCESS)
}
