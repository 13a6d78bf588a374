//! Java's sort of a list (`List.sort` with a comparator: TimSort), step by step, so that a
//! comparison that is not a total order lands its ties where Java lands them.
//!
//! OpenGotha 3.52 numbers its tables with a comparison that answers "the first game asked
//! goes first" for two games it cannot tell apart, whichever is asked first
//! ([`super::tables`]): the order Java's sort then leaves is not the stable order, and
//! depends on how the sort walks the list. This is the algorithm as Tim Peters describes
//! it (`listsort.txt` of CPython) with the constants and merge rules of Java's version
//! (runs of at least 32 below which the list is sorted by binary insertion alone, a
//! minimum run from halving the length, galloping from 7 matches, and the stack rule that
//! also looks three runs down), written from that description.
//!
//! For a comparison that is a total order it gives the stable sort (tested below).

use std::cmp::Ordering;

/// Below this length the list is one run completed by binary insertion.
const MIN_MERGE: usize = 32;

/// Matches in a row from which a merge gallops.
const MIN_GALLOP: usize = 7;

/// Sorts `items` as Java's `List.sort(comparator)` does, `compare` answering Java's
/// `compare(a, b)` (`Less`: `a` goes first).
pub fn sort<T: Copy>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let length = items.len();
    if length < 2 {
        return;
    }
    let mut sorter = Sorter {
        items,
        compare: &compare,
        runs: Vec::new(),
        min_gallop: MIN_GALLOP,
    };
    if length < MIN_MERGE {
        let run = sorter.count_run_and_make_ascending(0, length);
        sorter.binary_sort(0, length, run);
        return;
    }
    let min_run = min_run_length(length);
    let mut low = 0;
    let mut remaining = length;
    while remaining != 0 {
        let mut run = sorter.count_run_and_make_ascending(low, length);
        if run < min_run {
            let force = remaining.min(min_run);
            sorter.binary_sort(low, low + force, low + run);
            run = force;
        }
        sorter.runs.push((low, run));
        sorter.merge_collapse();
        low += run;
        remaining -= run;
    }
    sorter.merge_force_collapse();
}

/// The shortest run merged: the length halved until below [`MIN_MERGE`], plus 1 if any
/// halving dropped a bit.
fn min_run_length(mut length: usize) -> usize {
    let mut dropped = 0;
    while length >= MIN_MERGE {
        dropped |= length & 1;
        length >>= 1;
    }
    length + dropped
}

struct Sorter<'s, T, F> {
    items: &'s mut [T],
    compare: &'s F,
    /// The runs waiting to be merged: (start, length).
    runs: Vec<(usize, usize)>,
    min_gallop: usize,
}

impl<T: Copy, F: Fn(&T, &T) -> Ordering> Sorter<'_, T, F> {
    fn less(&self, a: &T, b: &T) -> bool {
        (self.compare)(a, b) == Ordering::Less
    }

    /// The length of the run starting at `low`: ascending (each item not less than the
    /// one before), or strictly descending and then reversed.
    fn count_run_and_make_ascending(&mut self, low: usize, high: usize) -> usize {
        let mut end = low + 1;
        if end == high {
            return 1;
        }
        if self.less(&self.items[end], &self.items[low]) {
            end += 1;
            while end < high && self.less(&self.items[end], &self.items[end - 1]) {
                end += 1;
            }
            self.items[low..end].reverse();
        } else {
            end += 1;
            while end < high && !self.less(&self.items[end], &self.items[end - 1]) {
                end += 1;
            }
        }
        end - low
    }

    /// `items[low..high]` sorted by inserting each item from `start` on into the sorted
    /// `items[low..start]`, after every item it is not less than.
    fn binary_sort(&mut self, low: usize, high: usize, start: usize) {
        let start = if start == low { start + 1 } else { start };
        for next in start..high {
            let pivot = self.items[next];
            let (mut left, mut right) = (low, next);
            while left < right {
                let middle = (left + right) / 2;
                if self.less(&pivot, &self.items[middle]) {
                    right = middle;
                } else {
                    left = middle + 1;
                }
            }
            self.items.copy_within(left..next, left + 1);
            self.items[left] = pivot;
        }
    }

    /// Merges runs until the lengths on the stack shrink fast enough from the bottom up.
    fn merge_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let length = |i: usize| self.runs[i].1;
            if n > 0 && length(n - 1) <= length(n) + length(n + 1)
                || n > 1 && length(n - 2) <= length(n) + length(n - 1)
            {
                if length(n - 1) < length(n + 1) {
                    n -= 1;
                }
            } else if length(n) > length(n + 1) {
                break;
            }
            self.merge_at(n);
        }
    }

    fn merge_force_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(n);
        }
    }

    /// Merges the runs `i` and `i + 1` of the stack.
    fn merge_at(&mut self, i: usize) {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        // Items of the first run that go before the second's first stay where they are.
        let key = self.items[base2];
        let skipped = self.gallop_right(&key, Place::List, base1, len1, 0);
        base1 += skipped;
        len1 -= skipped;
        if len1 == 0 {
            return;
        }
        // Items of the second run that go after the first's last stay too.
        let key = self.items[base1 + len1 - 1];
        len2 = self.gallop_left(&key, Place::List, base2, len2, len2 - 1);
        if len2 == 0 {
            return;
        }
        if len1 <= len2 {
            self.merge_low(base1, len1, base2, len2);
        } else {
            self.merge_high(base1, len1, base2, len2);
        }
    }

    /// Where `key` goes among `len` sorted items from `base` (in the list, or in the run
    /// copied aside): before the first item it is not greater than (the leftmost place).
    /// The search starts at `hint` and gallops.
    fn gallop_left(
        &self,
        key: &T,
        place: Place<'_, T>,
        base: usize,
        len: usize,
        hint: usize,
    ) -> usize {
        let at = |offset: usize| place.item(self.items, base + offset);
        let greater = |item: T| (self.compare)(key, &item) == Ordering::Greater;
        let (mut last, mut offset) = (0usize, 1usize);
        if greater(at(hint)) {
            let max = len - hint;
            while offset < max && greater(at(hint + offset)) {
                last = offset;
                offset = 2 * offset + 1;
            }
            offset = offset.min(max);
            last += hint;
            offset += hint;
        } else {
            let max = hint + 1;
            while offset < max && !greater(at(hint - offset)) {
                last = offset;
                offset = 2 * offset + 1;
            }
            offset = offset.min(max);
            // `hint - offset` may be −1: kept shifted by one until `last` is incremented.
            (last, offset) = (hint + 1 - offset, hint - last);
            return self.narrow(last, offset, |middle| greater(at(middle)));
        }
        self.narrow(last + 1, offset, |middle| greater(at(middle)))
    }

    /// Where `key` goes among `len` sorted items from `base`: after every item it is not
    /// less than (the rightmost place). The search starts at `hint` and gallops.
    fn gallop_right(
        &self,
        key: &T,
        place: Place<'_, T>,
        base: usize,
        len: usize,
        hint: usize,
    ) -> usize {
        let at = |offset: usize| place.item(self.items, base + offset);
        let less = |item: T| (self.compare)(key, &item) == Ordering::Less;
        let (mut last, mut offset) = (0usize, 1usize);
        if less(at(hint)) {
            let max = hint + 1;
            while offset < max && less(at(hint - offset)) {
                last = offset;
                offset = 2 * offset + 1;
            }
            offset = offset.min(max);
            (last, offset) = (hint + 1 - offset, hint - last);
            return self.narrow(last, offset, |middle| !less(at(middle)));
        }
        let max = len - hint;
        while offset < max && !less(at(hint + offset)) {
            last = offset;
            offset = 2 * offset + 1;
        }
        offset = offset.min(max);
        last += hint;
        offset += hint;
        self.narrow(last + 1, offset, |middle| !less(at(middle)))
    }

    /// The binary search that ends a gallop: the first offset in `low..high` where
    /// `after` (the key goes after this item) is false.
    fn narrow(&self, mut low: usize, mut high: usize, after: impl Fn(usize) -> bool) -> usize {
        while low < high {
            let middle = low + (high - low) / 2;
            if after(middle) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        high
    }

    /// Merges two adjacent runs, the first no longer than the second, from the left: the
    /// first is copied aside.
    fn merge_low(&mut self, base1: usize, mut len1: usize, base2: usize, mut len2: usize) {
        let spare: Vec<T> = self.items[base1..base1 + len1].to_vec();
        let (mut cursor1, mut cursor2, mut dest) = (0, base2, base1);
        self.items[dest] = self.items[cursor2];
        dest += 1;
        cursor2 += 1;
        len2 -= 1;
        if len2 == 0 {
            self.items[dest..dest + len1].copy_from_slice(&spare[cursor1..cursor1 + len1]);
            return;
        }
        if len1 == 1 {
            self.items.copy_within(cursor2..cursor2 + len2, dest);
            self.items[dest + len2] = spare[cursor1];
            return;
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if self.less(&self.items[cursor2], &spare[cursor1]) {
                    self.items[dest] = self.items[cursor2];
                    dest += 1;
                    cursor2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    self.items[dest] = spare[cursor1];
                    dest += 1;
                    cursor1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = self.items[cursor2];
                count1 = self.gallop_right(&key, Place::Spare(&spare), cursor1, len1, 0);
                if count1 != 0 {
                    self.items[dest..dest + count1]
                        .copy_from_slice(&spare[cursor1..cursor1 + count1]);
                    dest += count1;
                    cursor1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                self.items[dest] = self.items[cursor2];
                dest += 1;
                cursor2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                let key = spare[cursor1];
                count2 = self.gallop_left(&key, Place::List, cursor2, len2, 0);
                if count2 != 0 {
                    self.items.copy_within(cursor2..cursor2 + count2, dest);
                    dest += count2;
                    cursor2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                self.items[dest] = spare[cursor1];
                dest += 1;
                cursor1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        if len1 == 1 {
            self.items.copy_within(cursor2..cursor2 + len2, dest);
            self.items[dest + len2] = spare[cursor1];
        } else {
            // Java stops here when `len1` is 0 ("Comparison method violates its general
            // contract"); nothing is left to copy then.
            self.items[dest..dest + len1].copy_from_slice(&spare[cursor1..cursor1 + len1]);
        }
    }

    /// Merges two adjacent runs, the first longer than the second, from the right: the
    /// second is copied aside.
    fn merge_high(&mut self, base1: usize, mut len1: usize, base2: usize, mut len2: usize) {
        let spare: Vec<T> = self.items[base2..base2 + len2].to_vec();
        // Cursors and the destination count one past the item they point at, so that
        // they never go below 0.
        let (mut cursor1, mut cursor2, mut dest) = (base1 + len1, len2, base2 + len2);
        dest -= 1;
        cursor1 -= 1;
        self.items[dest] = self.items[cursor1];
        len1 -= 1;
        if len1 == 0 {
            self.items[dest - len2..dest].copy_from_slice(&spare[..len2]);
            return;
        }
        if len2 == 1 {
            dest -= len1;
            cursor1 -= len1;
            self.items.copy_within(cursor1..cursor1 + len1, dest);
            self.items[dest - 1] = spare[cursor2 - 1];
            return;
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if self.less(&spare[cursor2 - 1], &self.items[cursor1 - 1]) {
                    dest -= 1;
                    cursor1 -= 1;
                    self.items[dest] = self.items[cursor1];
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    dest -= 1;
                    cursor2 -= 1;
                    self.items[dest] = spare[cursor2];
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = spare[cursor2 - 1];
                count1 = len1 - self.gallop_right(&key, Place::List, base1, len1, len1 - 1);
                if count1 != 0 {
                    dest -= count1;
                    cursor1 -= count1;
                    len1 -= count1;
                    self.items.copy_within(cursor1..cursor1 + count1, dest);
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                dest -= 1;
                cursor2 -= 1;
                self.items[dest] = spare[cursor2];
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                let key = self.items[cursor1 - 1];
                count2 = len2 - self.gallop_left(&key, Place::Spare(&spare), 0, len2, len2 - 1);
                if count2 != 0 {
                    dest -= count2;
                    cursor2 -= count2;
                    len2 -= count2;
                    self.items[dest..dest + count2]
                        .copy_from_slice(&spare[cursor2..cursor2 + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                dest -= 1;
                cursor1 -= 1;
                self.items[dest] = self.items[cursor1];
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        if len2 == 1 {
            dest -= len1;
            cursor1 -= len1;
            self.items.copy_within(cursor1..cursor1 + len1, dest);
            self.items[dest - 1] = spare[cursor2 - 1];
        } else {
            // Java stops here when `len2` is 0 (see `merge_low`).
            self.items[dest - len2..dest].copy_from_slice(&spare[..len2]);
        }
    }
}

/// Where a gallop searches: the list itself, or the run copied aside.
#[derive(Clone, Copy)]
enum Place<'p, T> {
    List,
    Spare(&'p [T]),
}

impl<T: Copy> Place<'_, T> {
    fn item(self, items: &[T], index: usize) -> T {
        match self {
            Place::List => items[index],
            Place::Spare(spare) => spare[index],
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_minimum_run_halves_the_length() {
        assert_eq!(min_run_length(32), 16);
        assert_eq!(min_run_length(33), 17);
        assert_eq!(min_run_length(64), 16);
        assert_eq!(min_run_length(65), 17);
        assert_eq!(min_run_length(283), 18);
    }

    #[test]
    fn short_lists_of_ties_come_out_reversed_when_the_first_asked_goes_first() {
        let mut items: Vec<usize> = (0..10).collect();
        sort(&mut items, |_, _| Ordering::Less);
        assert_eq!(items, (0..10).rev().collect::<Vec<_>>());
        // Answering "the other goes first" keeps the order.
        let mut items: Vec<usize> = (0..10).collect();
        sort(&mut items, |_, _| Ordering::Greater);
        assert_eq!(items, (0..10).collect::<Vec<_>>());
    }

    proptest! {
        /// With a total order the sort is Rust's stable sort, whatever the length and the
        /// runs (keys drawn from few values: many equal keys, many runs, long gallops).
        #[test]
        fn a_total_order_sorts_stably(keys in proptest::collection::vec(0u8..6, 0..700)) {
            let mut items: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            sort(&mut items, |a, b| a.0.cmp(&b.0));
            prop_assert_eq!(items, expected);
        }

        #[test]
        fn presorted_stretches_sort_stably(
            stretches in proptest::collection::vec((0u16..500, 1usize..120, any::<bool>()), 0..12)
        ) {
            let mut keys = Vec::new();
            for (start, length, descending) in stretches {
                let stretch = (0..length as u16).map(|step| start.wrapping_add(step / 3));
                if descending {
                    keys.extend(stretch.rev());
                } else {
                    keys.extend(stretch);
                }
            }
            let mut items: Vec<(u16, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            sort(&mut items, |a, b| a.0.cmp(&b.0));
            prop_assert_eq!(items, expected);
        }

        #[test]
        fn any_answers_leave_a_permutation(
            answers in proptest::collection::vec(0u8..3, 1..2000),
            length in 0usize..300,
        ) {
            let mut items: Vec<usize> = (0..length).collect();
            let count = std::cell::Cell::new(0usize);
            sort(&mut items, |_, _| {
                let answer = answers[count.get() % answers.len()];
                count.set(count.get() + 1);
                match answer {
                    0 => Ordering::Less,
                    1 => Ordering::Equal,
                    _ => Ordering::Greater,
                }
            });
            items.sort_unstable();
            prop_assert_eq!(items, (0..length).collect::<Vec<_>>());
        }
    }
}
