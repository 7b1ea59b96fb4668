//! Scratch: time the take-and-break engine on a code (not committed).
use grundy::game::DenseStep;
use grundy::rulesets::take_break::{Code, SparseEngine};
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let code = Code::parse(&a[1]).unwrap();
    let to: usize = a[2].parse::<f64>().unwrap() as usize;
    let th: u64 = a.get(3).map(|x| x.parse().unwrap()).unwrap_or(1 << 13);
    let mut eng = SparseEngine::new(&code, None).with_parallel_threshold(th);
    let mut codes: Vec<u32> = Vec::with_capacity(to + 1);
    let t = Instant::now();
    for n in 0..=to {
        let v = eng.value(n as u64, &codes).unwrap();
        codes.push(v);
    }
    let el = t.elapsed().as_secs_f64();
    let mut h: u64 = 0;
    for &c in &codes {
        h = h.wrapping_mul(1000003).wrapping_add(c as u64);
    }
    println!(
        "{} to {}: {:.3} s  last {}  hash {:x}  {:?}",
        a[1],
        to,
        el,
        codes[to],
        h,
        eng.stats()
    );
}
