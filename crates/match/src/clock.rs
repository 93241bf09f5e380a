//! Time for the match clock (MATCH-5). The engine has no clock; the match driver asks the
//! caller's [`Clock`]: a [`RealClock`] for people, a [`VirtualClock`] for AI games and
//! tests, so every time-limit path is deterministic and testable.

use std::time::{Duration, Instant};

/// Where the match driver reads time. Virtual clocks advance in the `decided` and
/// `interval` hooks; a real clock ignores them.
pub trait Clock {
    /// Time since an arbitrary origin.
    fn now(&self) -> Duration;
    /// A player answered a decision that had a real choice.
    fn decided(&mut self) {}
    /// The interval between two duels (siding, shuffling) is over.
    fn interval(&mut self) {}
}

/// Wall-clock time.
pub struct RealClock {
    start: Instant,
}

impl RealClock {
    pub fn new() -> RealClock {
        RealClock { start: Instant::now() }
    }
}

impl Default for RealClock {
    fn default() -> RealClock {
        RealClock::new()
    }
}

impl Clock for RealClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// Virtual time: every decision costs `per_decision`, every interval between duels
/// `per_interval`.
#[derive(Clone, Debug)]
pub struct VirtualClock {
    pub now: Duration,
    pub per_decision: Duration,
    pub per_interval: Duration,
}

impl VirtualClock {
    /// The interval between duels costs one minute unless set otherwise.
    pub fn per_decision(per_decision: Duration) -> VirtualClock {
        VirtualClock { now: Duration::ZERO, per_decision, per_interval: Duration::from_secs(60) }
    }
}

impl Clock for VirtualClock {
    fn now(&self) -> Duration {
        self.now
    }
    fn decided(&mut self) {
        self.now += self.per_decision;
    }
    fn interval(&mut self) {
        self.now += self.per_interval;
    }
}
