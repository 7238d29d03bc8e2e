//! `SharedLog`: an append-only list whose clone costs the same at decision 0 and at decision 10 000.
//!
//! Full chunks of `CHUNK` items are frozen behind an `Arc` and linked newest-first; the tail of fewer than
//! `CHUNK` items is behind an `Arc` too, copied on write. A clone copies two pointers and nothing else; the
//! first push into a tail that another copy still shares copies that tail (fewer than `CHUNK` items) once.
//! Copies never see each other's pushes (a chunk, once frozen, is never written again). Match history and
//! event logs use it, so search and `Match.clone()` do not pay for the length of the match, and a copy that is
//! only read (a view, a bot's look, a discarded probe) never copies a thing.

use std::sync::Arc;

/// Items per frozen chunk: a first push after a clone copies fewer than this many.
const CHUNK: usize = 32;

struct Chunk<T> {
    prev: Option<Arc<Chunk<T>>>,
    items: Arc<Vec<T>>,
}

pub struct SharedLog<T> {
    frozen: Option<Arc<Chunk<T>>>,
    frozen_len: usize,
    /// The unfrozen items; `None` while there are none (a disabled event sink never allocates).
    tail: Option<Arc<Vec<T>>>,
}

impl<T> Default for SharedLog<T> {
    fn default() -> Self {
        SharedLog { frozen: None, frozen_len: 0, tail: None }
    }
}

impl<T> Clone for SharedLog<T> {
    fn clone(&self) -> Self {
        SharedLog { frozen: self.frozen.clone(), frozen_len: self.frozen_len, tail: self.tail.clone() }
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for SharedLog<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq> PartialEq for SharedLog<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<T> Drop for SharedLog<T> {
    // Unlink the chunk chain iteratively: a long match's chain must not recurse once per chunk on drop.
    fn drop(&mut self) {
        let mut at = self.frozen.take();
        // `into_inner` is one atomic decrement, and `Some` only for the last owner.
        while let Some(chunk) = at {
            at = Arc::into_inner(chunk).and_then(|mut c| c.prev.take());
        }
    }
}

impl<T> SharedLog<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.frozen_len + self.tail_items().len()
    }

    fn tail_items(&self) -> &[T] {
        self.tail.as_deref().map_or(&[], Vec::as_slice)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Frozen chunks, oldest first.
    fn chunks(&self) -> Vec<&[T]> {
        let mut out = Vec::with_capacity(self.frozen_len / CHUNK);
        let mut at = self.frozen.as_deref();
        while let Some(c) = at {
            out.push(c.items.as_slice());
            at = c.prev.as_deref();
        }
        out.reverse();
        out
    }

    /// Every item, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks().into_iter().flatten().chain(self.tail_items().iter())
    }

    /// Items from index `since` on, with their indices (whole chunks before `since` are skipped unread).
    pub fn iter_from(&self, since: usize) -> impl Iterator<Item = (usize, &T)> {
        let mut start = 0;
        let mut parts: Vec<(usize, &[T])> = Vec::new();
        for c in self.chunks() {
            if start + c.len() > since {
                parts.push((start, c));
            }
            start += c.len();
        }
        parts.push((start, self.tail_items()));
        parts
            .into_iter()
            .flat_map(|(base, items)| items.iter().enumerate().map(move |(i, x)| (base + i, x)))
            .skip_while(move |(i, _)| *i < since)
    }
}

impl<T: Clone> SharedLog<T> {
    pub fn push(&mut self, item: T) {
        if self.tail_items().len() == CHUNK {
            // A full tail is frozen as it is, shared with any copy that holds it: no item is copied.
            if let Some(items) = self.tail.take() {
                self.frozen_len += items.len();
                self.frozen = Some(Arc::new(Chunk { prev: self.frozen.take(), items }));
            }
        }
        self.tail_mut().push(item);
    }

    /// The tail, ours alone: copied first if a clone still shares it.
    fn tail_mut(&mut self) -> &mut Vec<T> {
        let tail = self.tail.get_or_insert_with(|| Arc::new(Vec::with_capacity(CHUNK)));
        if Arc::get_mut(tail).is_none() {
            let mut own = Vec::with_capacity(CHUNK);
            own.extend_from_slice(tail);
            *tail = Arc::new(own);
        }
        // Unique now, so this never copies.
        Arc::make_mut(tail)
    }

    /// Drop items past `len` (a refused action's events). Cutting into a frozen chunk rebuilds the log: rare,
    /// since an action's events are always in the tail or the chunk frozen during that action.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.frozen_len {
            let keep = len - self.frozen_len;
            if keep < self.tail_items().len() {
                self.tail_mut().truncate(keep);
            }
            return;
        }
        let kept: SharedLog<T> = self.iter().take(len).cloned().collect();
        *self = kept;
    }

    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

impl<T: Clone> FromIterator<T> for SharedLog<T> {
    /// The log pushing each item would build, chunk by chunk (a loaded match's history: a push per item was
    /// a fifth of loading a save).
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut items: Vec<T> = iter.into_iter().collect();
        let mut log = SharedLog::new();
        if items.is_empty() {
            return log;
        }
        // Pushes freeze a tail only when it is full and another item comes: the tail holds 1 to CHUNK items.
        let mut tail = items.split_off(items.len() - (items.len() - 1) % CHUNK - 1);
        tail.reserve_exact(CHUNK - tail.len());
        for chunk in items.chunks(CHUNK) {
            log.frozen_len += chunk.len();
            log.frozen = Some(Arc::new(Chunk { prev: log.frozen.take(), items: Arc::new(chunk.to_vec()) }));
        }
        log.tail = Some(Arc::new(tail));
        log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collecting_builds_the_log_pushing_builds() {
        for n in [0, 1, 31, 32, 33, 64, 65, 100] {
            let collected: SharedLog<u32> = (0..n).collect();
            let mut pushed = SharedLog::new();
            (0..n).for_each(|x| pushed.push(x));
            assert_eq!(collected, pushed);
            assert_eq!(
                (collected.frozen_len, collected.tail_items().len()),
                (pushed.frozen_len, pushed.tail_items().len())
            );
            let (mut a, mut b) = (collected.clone(), pushed.clone());
            a.push(7);
            b.push(7);
            a.truncate(n as usize / 2);
            b.truncate(n as usize / 2);
            assert_eq!(a.to_vec(), b.to_vec());
        }
    }

    #[test]
    fn copies_share_the_past_and_not_the_future() {
        let mut a: SharedLog<u32> = (0..100).collect();
        let b = a.clone();
        a.push(100);
        assert_eq!(a.len(), 101);
        assert_eq!(b.len(), 100);
        assert_eq!(b.to_vec(), (0..100).collect::<Vec<_>>());
        assert_eq!(a.to_vec(), (0..101).collect::<Vec<_>>());
        assert!(a.tail_items().len() <= CHUNK && a.frozen.is_some(), "old items live in shared chunks");
    }

    #[test]
    fn a_clone_shares_the_tail_until_one_side_writes() {
        let a: SharedLog<u32> = (0..40).collect();
        let mut b = a.clone();
        let shared = |x: &SharedLog<u32>, y: &SharedLog<u32>| match (&x.tail, &y.tail) {
            (Some(p), Some(q)) => Arc::ptr_eq(p, q),
            _ => false,
        };
        assert!(shared(&a, &b), "a clone copies no item");
        b.push(7);
        assert!(!shared(&a, &b));
        assert_eq!(a.to_vec(), (0..40).collect::<Vec<_>>(), "the original never sees the copy's push");
        assert_eq!(b.len(), 41);
        let c = b.clone();
        b.truncate(40);
        assert_eq!((b.len(), c.len()), (40, 41), "truncating a copy leaves the other whole");
        // Filling a shared tail to the chunk size freezes it in place, still shared.
        let mut d: SharedLog<u32> = (0..CHUNK as u32).collect();
        let e = d.clone();
        d.push(99);
        assert_eq!(e.to_vec(), (0..CHUNK as u32).collect::<Vec<_>>());
        assert_eq!(d.iter().copied().last(), Some(99));
        let empty: SharedLog<u32> = SharedLog::new();
        assert!(empty.tail.is_none(), "an empty log holds no allocation");
    }

    #[test]
    fn iter_from_and_truncate() {
        let mut a: SharedLog<u32> = (0..70).collect();
        let from: Vec<(usize, u32)> = a.iter_from(40).map(|(i, x)| (i, *x)).collect();
        assert_eq!(from, (40..70).map(|i| (i as usize, i)).collect::<Vec<_>>());
        assert_eq!(a.iter_from(70).count(), 0);
        a.truncate(65);
        assert_eq!(a.to_vec(), (0..65).collect::<Vec<_>>());
        a.truncate(10);
        assert_eq!(a.to_vec(), (0..10).collect::<Vec<_>>());
        a.push(99);
        assert_eq!(a.iter().last(), Some(&99));
    }
}
