//! `SharedLog`: an append-only list whose clone costs the same at decision 0 and at decision 10 000.
//!
//! Full chunks of `CHUNK` items are frozen behind an `Arc` and linked newest-first, so a clone copies one pointer
//! and a tail of fewer than `CHUNK` items; copies share every frozen chunk and never see each other's pushes
//! (a chunk, once frozen, is never written again). Match history and event logs use it, so search and
//! `Match.clone()` do not pay for the length of the match.

use std::sync::Arc;

/// Items per frozen chunk: a clone copies at most this many.
const CHUNK: usize = 32;

struct Chunk<T> {
    prev: Option<Arc<Chunk<T>>>,
    items: Box<[T]>,
}

pub struct SharedLog<T> {
    frozen: Option<Arc<Chunk<T>>>,
    frozen_len: usize,
    tail: Vec<T>,
}

impl<T> Default for SharedLog<T> {
    fn default() -> Self {
        SharedLog { frozen: None, frozen_len: 0, tail: Vec::new() }
    }
}

impl<T: Clone> Clone for SharedLog<T> {
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
        while let Some(chunk) = at {
            match Arc::try_unwrap(chunk) {
                Ok(mut c) => at = c.prev.take(),
                Err(_) => break,
            }
        }
    }
}

impl<T> SharedLog<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.frozen_len + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, item: T) {
        if self.tail.len() == CHUNK {
            let items = std::mem::take(&mut self.tail).into_boxed_slice();
            self.frozen_len += items.len();
            self.frozen = Some(Arc::new(Chunk { prev: self.frozen.take(), items }));
        }
        self.tail.push(item);
    }

    /// Frozen chunks, oldest first.
    fn chunks(&self) -> Vec<&[T]> {
        let mut out = Vec::with_capacity(self.frozen_len / CHUNK);
        let mut at = self.frozen.as_deref();
        while let Some(c) = at {
            out.push(&*c.items);
            at = c.prev.as_deref();
        }
        out.reverse();
        out
    }

    /// Every item, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks().into_iter().flatten().chain(self.tail.iter())
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
        parts.push((start, &self.tail));
        parts
            .into_iter()
            .flat_map(|(base, items)| items.iter().enumerate().map(move |(i, x)| (base + i, x)))
            .skip_while(move |(i, _)| *i < since)
    }
}

impl<T: Clone> SharedLog<T> {
    /// Drop items past `len` (a refused action's events). Cutting into a frozen chunk rebuilds the log: rare,
    /// since an action's events are always in the tail or the chunk frozen during that action.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.frozen_len {
            self.tail.truncate(len - self.frozen_len);
            return;
        }
        let kept: SharedLog<T> = self.iter().take(len).cloned().collect();
        *self = kept;
    }

    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

impl<T> FromIterator<T> for SharedLog<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut log = SharedLog::new();
        for x in iter {
            log.push(x);
        }
        log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_the_past_and_not_the_future() {
        let mut a: SharedLog<u32> = (0..100).collect();
        let b = a.clone();
        a.push(100);
        assert_eq!(a.len(), 101);
        assert_eq!(b.len(), 100);
        assert_eq!(b.to_vec(), (0..100).collect::<Vec<_>>());
        assert_eq!(a.to_vec(), (0..101).collect::<Vec<_>>());
        assert!(a.tail.len() <= CHUNK && a.frozen.is_some(), "old items live in shared chunks");
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
