//! Boards: sets of cells of the square grid as bit sets (up to 128 cells), split into
//! connected regions by bit operations and put in a normal form under the symmetries
//! of the grid and translation, for the placement games on boards (Cram,
//! Node-Kayles on grids) searched by [`super::bitgame`].
//!
//! A [`Frame`] is an h×w rectangle whose cell (r, c) is bit r·w + c. A [`Region`] is a
//! set of cells with its frame. Two regions that differ by a translation, a rotation
//! or a reflection of the plane are the same game in every placement game whose moves
//! depend only on which cells are neighbours, so a connected region is stored under
//! its normal form ([`Frame::canonical`]): cropped to its bounding box, turned so that
//! it is at most as tall as wide, and the least (as a number) of its 4 images under
//! the reflections that keep that shape (8 when the box is square).

mod cells;

use super::bitgame::{BitGame, OptionList, TableKey};
pub use cells::Cells;

/// A set of cells in an h×w frame (cell (r, c) is bit r·w + c), h·w ≤ 128.
///
/// Packed to 18 bytes (alignment 2), so that a slot of the transposition table and its
/// tag take 24 bytes rather than 30; fields are read by value (a packed field cannot
/// be borrowed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(2))]
pub struct Region {
    /// Height of the frame.
    pub h: u8,
    /// Width of the frame.
    pub w: u8,
    /// Cells 0..64.
    pub lo: u64,
    /// Cells 64..128.
    pub hi: u64,
}

impl Region {
    /// The region of the cells `bits` of an h×w frame.
    pub fn new(h: u32, w: u32, bits: u128) -> Region {
        Region {
            h: h as u8,
            w: w as u8,
            lo: bits as u64,
            hi: (bits >> 64) as u64,
        }
    }

    /// The cells as one bit set.
    pub fn bits(&self) -> u128 {
        u128::from(self.lo) | u128::from(self.hi) << 64
    }

    /// The number of cells.
    pub fn cells(&self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// The frame of the region.
    pub fn frame(&self) -> Frame {
        Frame::new(u32::from(self.h), u32::from(self.w))
    }

    /// True if the region is its own image under the half-turn about the centre of its
    /// frame and no cell is its own image or next to it. In a placement game whose
    /// moves take cells and possibly their neighbours (Cram's dominoes, Node-Kayles'
    /// cells with their neighbours) such a region is then a P-position: the second
    /// player answers every move with its image, which is still there, and the region
    /// stays so (the symmetry strategy, "Tweedledum and Tweedledee"; Winning Ways ch. 2
    /// and ch. 22; Gardner 1974 for even by even Cram boards).
    pub fn half_turn_free(&self) -> bool {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        let n = h * w;
        let bits = self.bits();
        if bits.reverse_bits() >> (128 - n) != bits {
            return false;
        }
        // The cells whose image is themselves or a neighbour: the centre cell (both
        // sides odd), or the two cells across the centre (one side even, one odd).
        let (hc, wc) = (h / 2, w / 2);
        let centre = match (h % 2, w % 2) {
            (0, 0) => 0,
            (1, 1) => 1u128 << (hc * w + wc),
            (1, 0) => 1u128 << (hc * w + wc) | 1u128 << (hc * w + wc - 1),
            _ => 1u128 << (hc * w + wc) | 1u128 << ((hc - 1) * w + wc),
        };
        bits & centre == 0
    }
}

impl TableKey for Region {
    fn to_words(&self) -> Option<[u64; 3]> {
        Some([u64::from(self.h) << 8 | u64::from(self.w), self.lo, self.hi])
    }

    fn from_words(w: [u64; 3]) -> Option<Region> {
        let (h, wd) = ((w[0] >> 8) as u32, (w[0] & 0xFF) as u32);
        if w[0] >> 16 != 0 || h == 0 || wd == 0 || h * wd > 128 {
            return None;
        }
        let r = Region::new(h, wd, u128::from(w[1]) | u128::from(w[2]) << 64);
        (r.bits() & !r.frame().all == 0 && r.bits() != 0).then_some(r)
    }

    fn hash64(&self) -> u64 {
        // splitmix64's finalizer over the words.
        let mix = |mut x: u64| {
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        mix(self.lo ^ mix(self.hi ^ (u64::from(self.h) << 8 | u64::from(self.w)).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }
}

/// An h×w rectangle of cells with the masks of its moves, its sets of cells held in
/// `T` (`u64` for at most 64 cells, `u128` for at most 128).
#[derive(Clone, Copy, Debug)]
pub struct Frame<T: Cells = u128> {
    /// Height.
    pub h: u32,
    /// Width.
    pub w: u32,
    /// Every cell.
    pub all: T,
    /// Cells that have a left neighbour in the frame (not in column 0).
    pub not_first: T,
    /// Cells that have a right neighbour (not in the last column).
    pub not_last: T,
    /// The cells of the first and last rows and columns.
    edges: [T; 4],
    /// ⌊2^16 / w⌋ + 1: the row of cell i is (i · recip) >> 16 (exact for i < 128).
    recip: u32,
}

impl<T: Cells> Frame<T> {
    /// The h×w frame (h·w ≤ `T::BITS`, both ≥ 1).
    pub fn new(h: u32, w: u32) -> Frame<T> {
        debug_assert!(h >= 1 && w >= 1 && h * w <= T::BITS);
        let mut first = T::ZERO;
        for r in 0..h {
            first |= T::bit(r * w);
        }
        let all = T::MAX.down(T::BITS - h * w);
        let row = all.down((h - 1) * w);
        Frame {
            h,
            w,
            all,
            not_first: all & !first,
            not_last: all & !first.up(w - 1),
            edges: [row, row.up((h - 1) * w), first, first.up(w - 1)],
            recip: (1 << 16) / w + 1,
        }
    }

    /// The row of cell i (< 128).
    #[inline]
    pub fn row_of(&self, i: u32) -> u32 {
        (i * self.recip) >> 16
    }

    /// The cells next to a cell of `x` (left, right, up, down), within the frame.
    #[inline]
    pub fn neighbours(&self, x: T) -> T {
        (x.up(1) & self.not_first) | (x.down(1) & self.not_last) | (x.up(self.w) & self.all) | x.down(self.w)
    }

    /// Calls `f` with each connected region of `s` (4-neighbourhood), from the one
    /// holding the lowest cell.
    #[inline]
    pub fn for_each_component(&self, s: T, f: impl FnMut(T)) {
        self.for_each_linked(s, s & self.not_last, s & self.not_first, f);
    }

    /// Calls `f` with each region of `s` whose cells are joined by links (from the one
    /// holding the lowest cell): vertically between any two cells of `s`, horizontally
    /// from a cell of `right` to its right neighbour and from a cell of `left` to its
    /// left neighbour (`right` ⊆ `s` without the last column, `left` ⊆ `s` without the
    /// first; the links are the same both ways when `left` is `right` shifted by one).
    ///
    /// A row's cells are consecutive bits, so the rightward links of a row are
    /// followed at once by a carry: adding a cell c of `right` to `right` clears the
    /// bits from c along its block of linked cells and sets the first bit past it (the
    /// block's last cell, if it is in `s`). The other directions take one step each
    /// (following the leftward links by a carry too, in the reversed set, cost more
    /// than it saved: Cram 3×13 on one core 0.78 → 0.91 s, against 0.74 → 0.70 s with
    /// the rightward carry alone).
    #[inline]
    pub fn for_each_linked(&self, s: T, right: T, left: T, mut f: impl FnMut(T)) {
        let mut rest = s;
        while !rest.is_empty() {
            let mut c = rest.lowest();
            loop {
                let r = c | (s & (right ^ right.plus(c & right)));
                let n = (r | (r & left).down(1) | r.up(self.w) | r.down(self.w)) & s;
                if n == c {
                    break;
                }
                c = n;
            }
            rest ^= c;
            f(c);
        }
    }

    /// The normal form of the connected region `c` of this frame: cropped, at most as
    /// tall as wide, the least (as a number) of its images under the symmetries that
    /// keep its box.
    pub fn canonical(&self, c: T) -> Region {
        if self.h >= 2 && self.h <= self.w && self.edges.iter().all(|&e| !(c & e).is_empty()) {
            // The region fills its frame's box (the common case of an option): no crop,
            // no turn.
            return least_image(c, self.h, self.w);
        }
        let w = self.w;
        let r0 = self.row_of(c.first());
        let r1 = self.row_of(c.end() - 1);
        let bh = r1 - r0 + 1;
        if bh == 1 {
            // A connected region in one row is a segment.
            return segment(c.count());
        }
        if w == 1 {
            // A connected region in one column is a segment.
            return segment(bh);
        }
        // Two rows or more, w ≥ 2: w ≤ 64.
        let shifted = c.down(r0 * w);
        let row_mask = self.edges[0].low64();
        let row = |i: u32| shifted.down(i * w).low64() & row_mask;
        let mut cols = 0u64;
        for i in 0..bh {
            cols |= row(i);
        }
        let c0 = cols.trailing_zeros();
        let bw = 64 - cols.leading_zeros() - c0;
        if bw == 1 {
            // A connected region in one column is a segment.
            return segment(bh);
        }
        // Two rows and two columns or more, packed into a bh×bw box (bh·bw ≤ h·w), or
        // its transpose when taller than wide.
        let mut x = T::ZERO;
        if bh <= bw {
            for i in 0..bh {
                x |= T::of64(row(i) >> c0).up(i * bw);
            }
            least_image(x, bh, bw)
        } else {
            for i in 0..bh {
                let mut y = row(i) >> c0;
                while y != 0 {
                    x |= T::bit(y.trailing_zeros() * bh + i);
                    y &= y - 1;
                }
            }
            least_image(x, bw, bh)
        }
    }
}

/// The region of a segment of n cells.
fn segment(n: u32) -> Region {
    Region::new(1, n, u128::MAX >> (128 - n))
}

/// The least (as a number) of the images of the h×w box `x` (h ≤ w, h·w ≤ `T::BITS`)
/// under the symmetries of the box: itself, turned a half-turn, upside down, mirrored,
/// and for a square the same of its transpose. A half-turn reverses the order of the
/// cells; upside down reverses the order of the rows.
#[inline]
fn least_image<T: Cells>(x: T, h: u32, w: u32) -> Region {
    let n = h * w;
    let images = |x: T| {
        let row = T::MAX.down(T::BITS - w);
        let mut flip = T::ZERO;
        for i in 0..h {
            flip |= (x.down(i * w) & row).up((h - 1 - i) * w);
        }
        let turn = |y: T| y.reversed().down(T::BITS - n);
        x.min(turn(x)).min(flip.min(turn(flip)))
    };
    let mut best = images(x);
    if h == w {
        let mut t = T::ZERO;
        let mut y = x;
        while !y.is_empty() {
            let i = y.first();
            y = y.without_lowest();
            t |= T::bit((i % w) * w + i / w);
        }
        best = best.min(images(t));
    }
    Region::new(h, w, best.to128())
}

/// The rules of a placement game on boards: the sets of cells left by each move. Sets
/// are of any [`Cells`] type, so that the rules are compiled for small frames (`u64`)
/// and large ones (`u128`).
pub trait GridRules: Send + Sync {
    /// Calls `f` with the cells left by each move from the connected region `s` of
    /// `frame`.
    fn for_each_move<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T));

    /// The value of a region without search, where it is immediate.
    fn known(&self, _r: &Region) -> Option<u32> {
        None
    }

    /// Calls `f` with the cells left by the moves from the connected region `s` that
    /// the search needs: a move whose option has the same value as another's may be
    /// left out. The default: every move ([`Self::for_each_move`]).
    fn for_each_useful_move<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
        self.for_each_move(s, frame, f);
    }

    /// The number of moves [`Self::for_each_useful_move`] makes from `s`.
    fn count_useful_moves<T: Cells>(&self, s: T, frame: &Frame<T>) -> usize {
        let mut n = 0;
        self.for_each_useful_move(s, frame, &mut |_| n += 1);
        n
    }

    /// A set of cells with the same value as `s` (cells the game can do without taken
    /// out), applied to every option before it is split into regions. The default
    /// keeps `s`.
    fn reduce<T: Cells>(&self, s: T, _frame: &Frame<T>) -> T {
        s
    }

    /// Calls `f` with parts of `s` whose values nim-sum to the value of `s`: its
    /// connected regions, or finer parts where the game allows. Each part, read as a
    /// region of the grid, must have the value the game gives it as a part. The
    /// default: the connected regions ([`Frame::for_each_component`]).
    fn for_each_part<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
        frame.for_each_component(s, f);
    }

    /// The size up to which regions are folded into the heap in the outcome search on
    /// sums (see [`BitGame::outcome_search`]).
    fn small(&self) -> u32 {
        12
    }

    /// The fewest cells a move takes (1 for Node-Kayles, 2 for a Cram domino):
    /// [`BitGame::longest_play`] is the cells over it.
    fn cells_per_move(&self) -> u32 {
        1
    }
}

/// A placement game on boards as a [`BitGame`]: regions as canonical keys.
pub struct GridGame<R: GridRules>(pub R);

impl<R: GridRules> GridGame<R> {
    /// Lists the useful options of the region `s` of `frame` (reduced, split into
    /// parts, each part in its normal form) into `out`, until `stop` returns true on
    /// the option just written.
    fn list<T: Cells>(
        &self,
        s: T,
        frame: &Frame<T>,
        out: &mut OptionList<Region>,
        stop: &mut dyn FnMut(&[Region]) -> bool,
    ) {
        let mut done = false;
        self.0.for_each_useful_move(s, frame, &mut |rest| {
            if done {
                return;
            }
            let rest = self.0.reduce(rest, frame);
            self.0.for_each_part(rest, frame, &mut |c| out.push(frame.canonical(c)));
            out.end_option();
            done = stop(out.last());
        });
    }

    /// The options of the region `s` of `frame` as the rules give them.
    fn list_exact<T: Cells>(&self, s: T, frame: &Frame<T>, out: &mut OptionList<Region>) {
        self.0.for_each_move(s, frame, &mut |rest| {
            frame.for_each_component(rest, |c| out.push(frame.canonical(c)));
            out.end_option();
        });
    }
}

/// True if the frame of `k` has at most 64 cells (its sets fit a `u64`).
fn small_frame(k: &Region) -> bool {
    u32::from(k.h) * u32::from(k.w) <= 64
}

impl<R: GridRules> BitGame for GridGame<R> {
    type Key = Region;

    fn options(&self, k: &Region, out: &mut OptionList<Region>) {
        self.options_until(k, out, &mut |_| false);
    }

    fn count_options(&self, k: &Region) -> usize {
        if small_frame(k) {
            self.0.count_useful_moves(k.lo, &Frame::new(k.h.into(), k.w.into()))
        } else {
            self.0.count_useful_moves(k.bits(), &k.frame())
        }
    }

    fn options_until(&self, k: &Region, out: &mut OptionList<Region>, stop: &mut dyn FnMut(&[Region]) -> bool) {
        if small_frame(k) {
            self.list(k.lo, &Frame::new(k.h.into(), k.w.into()), out, stop);
        } else {
            self.list(k.bits(), &k.frame(), out, stop);
        }
    }

    fn options_exact(&self, k: &Region, out: &mut OptionList<Region>) {
        if small_frame(k) {
            self.list_exact(k.lo, &Frame::new(k.h.into(), k.w.into()), out);
        } else {
            self.list_exact(k.bits(), &k.frame(), out);
        }
    }

    fn size(&self, k: &Region) -> u32 {
        k.cells()
    }

    fn longest_play(&self, k: &Region) -> u32 {
        k.cells() / self.0.cells_per_move()
    }

    fn known(&self, k: &Region) -> Option<u32> {
        self.0.known(k)
    }

    fn outcome_search(&self) -> Option<u32> {
        Some(self.0.small())
    }

    fn db_words(&self) -> usize {
        3
    }

    fn db_of_key(&self, k: &Region, out: &mut [u64; super::bitgame::DB_MAX_WORDS]) -> bool {
        k.to_words().map(|w| out[..3].copy_from_slice(&w)).is_some()
    }

    fn key_of_db(&self, w: &[u64]) -> Option<Region> {
        Region::from_words(w.try_into().ok()?)
    }
}

/// The canonical regions of the cells `bits` of an h×w frame (any set, connected or
/// not).
pub fn components(h: u32, w: u32, bits: u128) -> Vec<Region> {
    let frame = Frame::<u128>::new(h, w);
    let mut out = Vec::new();
    frame.for_each_component(bits & frame.all, |c| out.push(frame.canonical(c)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of a picture ('#' a cell), rows separated by '/'.
    fn region(text: &str) -> (Frame<u128>, u128) {
        let rows: Vec<&str> = text.split('/').collect();
        let (h, w) = (rows.len() as u32, rows[0].len() as u32);
        let mut bits = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '#' {
                    bits |= 1 << (r as u32 * w + c as u32);
                }
            }
        }
        (Frame::new(h, w), bits)
    }

    #[test]
    fn components_split_and_are_normalized() {
        let (f, s) = region("##..#/#...#/..#..");
        let mut parts = Vec::new();
        f.for_each_component(s, |c| parts.push(c));
        assert_eq!(parts.len(), 3);
        let canon: Vec<Region> = parts.iter().map(|&c| f.canonical(c)).collect();
        // The L of three cells, a vertical domino (a segment of 2), a single cell.
        assert_eq!((canon[0].h, canon[0].w, canon[0].cells()), (2, 2, 3));
        assert_eq!(canon[1], Region::new(1, 2, 0b11));
        assert_eq!(canon[2], Region::new(1, 1, 1));
    }

    #[test]
    fn the_eight_images_of_a_shape_have_one_normal_form() {
        // An asymmetric pentomino (F) in every orientation, placed anywhere.
        let images = [
            ".##/##./.#.",
            "##./.##/.#.",
            ".#./##./.##",
            ".#./.##/##.",
            "#../###/.#.",
            "..#/###/.#.",
            ".#./###/#..",
            ".#./###/..#",
        ];
        let forms: Vec<Region> = images
            .iter()
            .map(|t| {
                let (f, s) = region(t);
                f.canonical(s)
            })
            .collect();
        assert!(forms.iter().all(|r| *r == forms[0]), "{forms:?}");
        // Translated inside a larger frame, and in a frame that is taller than wide.
        let (f, s) = region("...../..##./.##../..#../.....");
        assert_eq!(f.canonical(s), forms[0]);
        let (f, s) = region("..../.##./##../.#../..../....");
        assert_eq!(f.canonical(s), forms[0]);
        // A different shape (P pentomino) has another form.
        let (f, s) = region("##/##/#.");
        assert_ne!(f.canonical(s), forms[0]);
    }

    /// The normal form by its definition: the cells cropped to their box, the 8 images
    /// under the square's symmetries, those at most as tall as wide, the least number.
    fn normal_form_by_definition(h: u32, w: u32, c: u128) -> Region {
        let cells: Vec<(u32, u32)> = (0..h * w)
            .filter(|&i| c >> i & 1 == 1)
            .map(|i| (i / w, i % w))
            .collect();
        let r0 = cells.iter().map(|p| p.0).min().unwrap();
        let c0 = cells.iter().map(|p| p.1).min().unwrap();
        let bh = cells.iter().map(|p| p.0).max().unwrap() - r0 + 1;
        let bw = cells.iter().map(|p| p.1).max().unwrap() - c0 + 1;
        let mut best: Option<Region> = None;
        for t in 0..8 {
            let (mut hh, mut ww) = (bh, bw);
            if t >= 4 {
                std::mem::swap(&mut hh, &mut ww);
            }
            if hh > ww {
                continue;
            }
            let mut x = 0u128;
            for &(r, q) in &cells {
                let (mut r, mut q) = (r - r0, q - c0);
                if t >= 4 {
                    std::mem::swap(&mut r, &mut q);
                }
                if t & 1 == 1 {
                    r = hh - 1 - r;
                }
                if t & 2 == 2 {
                    q = ww - 1 - q;
                }
                x |= 1 << (r * ww + q);
            }
            let img = Region::new(hh, ww, x);
            if best.is_none_or(|b| x < b.bits()) {
                best = Some(img);
            }
        }
        best.unwrap()
    }

    /// A xorshift generator of numbers below n, from `seed`.
    fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    /// A random frame of at most 12 rows, 128 cells and `max_w` columns, and a random
    /// set of its cells (of a random density).
    fn random_cells(next: &mut impl FnMut(u64) -> u64, max_w: u32) -> (u32, u32, u128) {
        let h = 1 + next(12) as u32;
        let w = 1 + next(u64::from((128 / h).min(max_w))) as u32;
        let density = 1 + next(9);
        let bits = (0..h * w).filter(|_| next(10) < density).fold(0u128, |x, i| x | 1 << i);
        (h, w, bits)
    }

    #[test]
    fn normal_forms_agree_with_the_definition_on_random_regions() {
        let mut next = numbers(0x2545_F491_4F6C_DD1D);
        for _ in 0..20000 {
            let (h, w, bits) = random_cells(&mut next, 40);
            let f = Frame::<u128>::new(h, w);
            f.for_each_component(bits, |c| {
                let want = normal_form_by_definition(h, w, c);
                assert_eq!(f.canonical(c), want, "{h}x{w} {c:#x}");
                if h * w <= 64 {
                    let f64 = Frame::<u64>::new(h, w);
                    assert_eq!(f64.canonical(c as u64), want, "{h}x{w} {c:#x} in 64 bits");
                }
            });
            if h * w <= 64 {
                // The same components in 64 bits.
                let (mut a, mut b) = (Vec::new(), Vec::new());
                f.for_each_component(bits, |c| a.push(c));
                Frame::<u64>::new(h, w).for_each_component(bits as u64, |c| b.push(u128::from(c)));
                assert_eq!(a, b);
            }
        }
    }

    /// The regions of `bits` by a search one cell at a time: cells joined vertically,
    /// and horizontally unless the left one of the two is in `cut`; sorted.
    fn linked_by_search(h: u32, w: u32, bits: u128, cut: u128) -> Vec<u128> {
        let mut rest = bits;
        let mut out = Vec::new();
        while rest != 0 {
            let first = rest.trailing_zeros();
            let mut region = 0u128;
            let mut todo = vec![first];
            rest &= !(1 << first);
            region |= 1 << first;
            while let Some(i) = todo.pop() {
                let (r, c) = (i / w, i % w);
                let mut near = Vec::new();
                if c + 1 < w && cut & 1 << i == 0 {
                    near.push(i + 1);
                }
                if c > 0 && cut & 1 << (i - 1) == 0 {
                    near.push(i - 1);
                }
                if r + 1 < h {
                    near.push(i + w);
                }
                if r > 0 {
                    near.push(i - w);
                }
                for j in near {
                    if rest & 1 << j != 0 {
                        rest &= !(1 << j);
                        region |= 1 << j;
                        todo.push(j);
                    }
                }
            }
            out.push(region);
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn linked_regions_agree_with_a_search_cell_by_cell() {
        let mut next = numbers(0x9E37_79B9_7F4A_7C15);
        for round in 0..20000 {
            let (h, w, bits) = random_cells(&mut next, 64);
            // Every link, or a random fifth of the horizontal ones cut.
            let cut = if round % 2 == 0 {
                0
            } else {
                (0..h * w).filter(|_| next(5) == 0).fold(0u128, |x, i| x | 1 << i) & bits
            };
            let want = linked_by_search(h, w, bits, cut);
            let f = Frame::<u128>::new(h, w);
            let mut got = Vec::new();
            f.for_each_linked(bits, bits & f.not_last & !cut, bits & f.not_first & !(cut << 1), |c| {
                got.push(c)
            });
            got.sort_unstable();
            assert_eq!(got, want, "{h}x{w} {bits:#x} cut {cut:#x}");
            if cut == 0 {
                let mut all = Vec::new();
                f.for_each_component(bits, |c| all.push(c));
                all.sort_unstable();
                assert_eq!(all, want, "{h}x{w} {bits:#x}");
            }
            if h * w <= 64 {
                let f64 = Frame::<u64>::new(h, w);
                let (b, k) = (bits as u64, cut as u64);
                let mut got64 = Vec::new();
                f64.for_each_linked(b, b & f64.not_last & !k, b & f64.not_first & !(k << 1), |c| {
                    got64.push(u128::from(c))
                });
                got64.sort_unstable();
                assert_eq!(got64, want, "{h}x{w} {bits:#x} cut {cut:#x} in 64 bits");
            }
        }
    }

    #[test]
    fn rows_by_reciprocal() {
        for w in 1..=128 {
            let f = Frame::<u128>::new(128 / w, w);
            for i in 0..128 {
                assert_eq!(f.row_of(i), i / w, "cell {i}, width {w}");
            }
        }
    }

    /// A region is 18 bytes, so that a table slot (key, value, excluded values, size)
    /// and its tag take 24 bytes: a third more entries in a memory bound than 33 (a
    /// region of two words and two bytes, aligned, in a slot padded to its alignment).
    #[test]
    fn a_table_slot_of_a_region_is_24_bytes() {
        assert_eq!(std::mem::size_of::<Region>(), 18);
        assert_eq!(crate::solve::bitgame::Table::<Region>::SLOT_BYTES, 24);
    }

    #[test]
    fn long_strips_and_full_frames() {
        let f = Frame::new(1, 128);
        assert_eq!(f.canonical(u128::MAX), Region::new(1, 128, u128::MAX));
        let f = Frame::new(128, 1);
        assert_eq!(f.canonical(u128::MAX), Region::new(1, 128, u128::MAX));
        let f = Frame::<u128>::new(2, 64);
        let mut n = 0;
        f.for_each_component(f.all, |_| n += 1);
        assert_eq!(n, 1);
        assert_eq!(f.canonical(f.all), Region::new(2, 64, u128::MAX));
        let f = Frame::<u128>::new(64, 2);
        assert_eq!(f.canonical(f.all), Region::new(2, 64, u128::MAX));
    }
}
