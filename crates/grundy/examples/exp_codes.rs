use grundy::solve::misere::quotient;
use grundy::Control;
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
fn main() {
    let mut rng = Rng(4242);
    for _ in 0..25 {
        let name = if rng.below(3) == 0 {
            let k = 1 + rng.below(3);
            let mut s: Vec<u64> = (0..k).map(|_| 1 + rng.below(5)).collect();
            s.sort_unstable();
            s.dedup();
            format!(
                "subtraction[{}]",
                s.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
            )
        } else {
            let len = 1 + rng.below(3) as usize;
            let mut d: Vec<u8> = (0..len).map(|_| rng.below(8) as u8).collect();
            if d.iter().all(|&x| x == 0) {
                d[0] = 3;
            }
            while d.last() == Some(&0) {
                d.pop();
            }
            format!(
                "take-and-break[0.{}]",
                d.iter().map(|x| x.to_string()).collect::<String>()
            )
        };
        let rs = grundy::catalog::parse_ruleset(&name).unwrap();
        let rs = rs.as_heap("x").unwrap().clone();
        let t = std::time::Instant::now();
        let q = quotient(rs.as_ref(), 14, &Control::new().with_memory_limit(1 << 30)).unwrap();
        println!(
            "{name}: to {} order {} {:.3}s {:?}",
            q.to,
            q.order(),
            t.elapsed().as_secs_f64(),
            q.stopped.map(|e| e.to_string())
        );
        // consume the rest of rng use in test (60 sums × up to 4 heaps) - approximate not needed
        for _ in 0..60 {
            let k = rng.below(4);
            for _ in 0..k {
                rng.below(q.to + 1);
            }
        }
    }
}
