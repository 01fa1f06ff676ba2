//! Who decides the fate of an upload's write: the writer (which commits) or the
//! request (which gave up: it timed out or its client went away). Exactly one of
//! them wins, once, so the answer sent — 201 or "408, nothing was stored" — is
//! always what happened.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

const PENDING: u8 = 0;
const COMMITTING: u8 = 1;
const ABANDONED: u8 = 2;

/// The shared decision; cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct WriteClaim(Arc<AtomicU8>);

impl WriteClaim {
    /// A pending claim.
    pub fn new() -> Self {
        Self::default()
    }

    /// The writer's side, asked inside its transaction before the commit: true
    /// when the write may commit (the request can no longer give up), false when
    /// the request already gave up (roll back).
    pub fn commit(&self) -> bool {
        match self.0.compare_exchange(PENDING, COMMITTING, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => true,
            Err(now) => now == COMMITTING,
        }
    }

    /// The request's side: true when it gave up in time (nothing will be
    /// stored), false when the writer is already committing.
    pub fn abandon(&self) -> bool {
        match self.0.compare_exchange(PENDING, ABANDONED, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => true,
            Err(now) => now == ABANDONED,
        }
    }

    /// True once the request gave up (a parse in progress may stop).
    pub fn is_abandoned(&self) -> bool {
        self.0.load(Ordering::SeqCst) == ABANDONED
    }
}

/// Abandons the claim when dropped (with the request's future, when its client
/// goes away) unless disarmed.
#[derive(Debug)]
pub struct AbandonOnDrop {
    claim: WriteClaim,
    abort: Option<tokio::task::AbortHandle>,
}

impl AbandonOnDrop {
    /// Guards `claim`; `abort` stops the import task when the request goes away.
    pub fn new(claim: WriteClaim, abort: tokio::task::AbortHandle) -> Self {
        Self { claim, abort: Some(abort) }
    }

    /// The request finished normally: nothing to abandon.
    pub fn disarm(mut self) {
        self.abort = None;
    }
}

impl Drop for AbandonOnDrop {
    fn drop(&mut self) {
        if let Some(a) = self.abort.take() {
            if self.claim.abandon() {
                a.abort();
            }
        }
    }
}
