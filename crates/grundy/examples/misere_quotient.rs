//! Times the misère quotient engine: `cargo run --release -p grundy --example
//! misere_quotient -- RULESET [TO] [SECONDS]` computes the quotient of RULESET heap by
//! heap up to heap TO (default 1000) or until it is solved, stopping after SECONDS
//! (default 60), and prints each heap where the quotient grew with |Q| and |P| and the
//! time there.

use grundy::catalog::parse_ruleset;
use grundy::solve::misere::{quotient, Status};
use grundy::Control;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map(String::as_str).unwrap_or("kayles");
    let to: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let rs = parse_ruleset(name).expect("a ruleset");
    let rs = rs.as_heap("quotient").expect("a heap ruleset").clone();
    let ctl = Control::new();
    let flag = ctl.cancel_flag();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs_f64(secs));
        flag.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    let q = quotient(rs.as_ref(), to, &ctl).expect("the quotient");
    let elapsed = start.elapsed().as_secs_f64();
    println!("{name}: heaps 0..={} in {elapsed:.3} s", q.to);
    for c in &q.changes {
        println!("  heap {:>4}: |Q| = {:>6}, |P| = {:>4}", c.heap, c.order, c.p_size);
    }
    match q.status {
        Status::Solved {
            preperiod,
            period,
            proof_end,
        } => println!("  solved: period {period}, preperiod {preperiod}, checked to heap {proof_end}"),
        Status::Partial => println!("  partial"),
    }
    let pres = q.presentation();
    println!("  {pres}");
    if std::env::var("SHOW_PHI").is_ok() {
        for (n, &x) in q.phi.iter().enumerate() {
            println!("    Φ({n}) = {}", pres.word(&pres.normal[x as usize]));
        }
        let p: Vec<String> = q
            .p_portion
            .iter()
            .map(|&x| pres.word(&pres.normal[x as usize]))
            .collect();
        println!("  P = {{{}}}", p.join(", "));
    }
    if let Some(e) = &q.stopped {
        println!("  stopped: {e}");
    }
}
