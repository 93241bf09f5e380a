//! The server's bounds against a client that asks for too much: a pool for the slow work
//! (password hashes, AI decisions), the throttle of failed logins, the accounts an
//! address may create, the count of connections per address. Everything that depends on time takes the time as an
//! argument, so the tests set it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::sync::{Semaphore, SemaphorePermit};

/// At most `workers` jobs at once and `queue` more waiting; past that, [`Pool::enter`]
/// refuses at once.
pub struct Pool {
    slots: Semaphore,
    /// Jobs running or waiting.
    inside: AtomicUsize,
    limit: usize,
    running: AtomicUsize,
    /// The most jobs ever running at once (the tests read it).
    peak: AtomicUsize,
}

/// A job's place in a [`Pool`]: waiting, then running ([`Ticket::run`]); dropping it frees
/// the place.
pub struct Ticket<'a> {
    pool: &'a Pool,
    permit: Option<SemaphorePermit<'a>>,
}

impl Pool {
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        Pool {
            slots: Semaphore::new(workers),
            inside: AtomicUsize::new(0),
            limit: workers.saturating_add(queue),
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// A place in the pool, or `None` when it is full (running and queue).
    pub fn enter(&self) -> Option<Ticket<'_>> {
        let mut n = self.inside.load(Ordering::Relaxed);
        loop {
            if n >= self.limit {
                return None;
            }
            match self.inside.compare_exchange_weak(n, n + 1, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Some(Ticket { pool: self, permit: None }),
                Err(now) => n = now,
            }
        }
    }

    pub fn running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Jobs running or waiting.
    pub fn inside(&self) -> usize {
        self.inside.load(Ordering::Relaxed)
    }
}

impl Ticket<'_> {
    /// Waits for a worker; the job runs while the ticket lives.
    pub async fn run(&mut self) {
        if self.permit.is_none() {
            self.permit = Some(self.pool.slots.acquire().await.expect("the pool's semaphore is never closed"));
            let now = self.pool.running.fetch_add(1, Ordering::AcqRel) + 1;
            self.pool.peak.fetch_max(now, Ordering::AcqRel);
        }
    }
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        if self.permit.take().is_some() {
            self.pool.running.fetch_sub(1, Ordering::AcqRel);
        }
        self.pool.inside.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Failed logins counted per account name and per address: after [`Throttle::SLOW_AFTER`]
/// failures each answer is delayed (doubling), after [`Throttle::LOCK_AFTER`] the key is
/// refused for [`Throttle::LOCK_FOR`]. A success clears the name's count.
pub struct Throttle {
    keys: Mutex<HashMap<String, Failures>>,
}

#[derive(Clone, Copy)]
struct Failures {
    count: u32,
    last: Instant,
    locked_until: Option<Instant>,
}

/// What a login attempt must do first.
#[derive(Debug, PartialEq, Eq)]
pub enum Gate {
    Go,
    /// Wait this long, then try.
    Slow(Duration),
    /// Refused for this long still.
    Locked(Duration),
}

impl Default for Throttle {
    fn default() -> Throttle {
        Throttle { keys: Mutex::new(HashMap::new()) }
    }
}

impl Throttle {
    pub const SLOW_AFTER: u32 = 3;
    pub const LOCK_AFTER: u32 = 10;
    pub const LOCK_FOR: Duration = Duration::from_secs(15 * 60);
    /// Failures older than this are forgotten.
    pub const FORGET: Duration = Duration::from_secs(60 * 60);
    /// Keys kept at most (the oldest are forgotten first when over).
    pub const MAX_KEYS: usize = 100_000;

    /// What an attempt on these keys (the name's and the address's) must do at `now`.
    pub fn gate(&self, keys: &[&str], now: Instant) -> Gate {
        let map = self.keys.lock().expect("throttle lock");
        let mut gate = Gate::Go;
        for k in keys {
            let Some(f) = map.get(*k) else { continue };
            if now.saturating_duration_since(f.last) > Self::FORGET {
                continue;
            }
            if let Some(until) = f.locked_until.filter(|u| *u > now) {
                return Gate::Locked(until - now);
            }
            if f.count >= Self::SLOW_AFTER {
                let d = Duration::from_millis(250u64 << (f.count - Self::SLOW_AFTER).min(4));
                if !matches!(gate, Gate::Slow(g) if g >= d) {
                    gate = Gate::Slow(d);
                }
            }
        }
        gate
    }

    pub fn failed(&self, keys: &[&str], now: Instant) {
        let mut map = self.keys.lock().expect("throttle lock");
        if map.len() >= Self::MAX_KEYS {
            map.retain(|_, f| now.saturating_duration_since(f.last) <= Self::FORGET && f.locked_until.is_none_or(|u| u > now));
            if map.len() >= Self::MAX_KEYS {
                map.clear();
            }
        }
        for k in keys {
            let f = map.entry(k.to_string()).or_insert(Failures { count: 0, last: now, locked_until: None });
            if now.saturating_duration_since(f.last) > Self::FORGET || f.locked_until.is_some_and(|u| u <= now) {
                *f = Failures { count: 0, last: now, locked_until: None };
            }
            f.count += 1;
            f.last = now;
            if f.count >= Self::LOCK_AFTER {
                f.locked_until = Some(now + Self::LOCK_FOR);
            }
        }
    }

    pub fn succeeded(&self, key: &str) {
        self.keys.lock().expect("throttle lock").remove(key);
    }
}

/// Accounts an address may create per hour (a fixed window per address): past it a
/// `register` is refused before any password is hashed, so a client registering in a loop
/// costs neither hashing time nor database rows.
#[derive(Default)]
pub struct AccountQuota {
    windows: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl AccountQuota {
    pub const WINDOW: Duration = Duration::from_secs(60 * 60);
    /// Addresses kept at most (the expired windows go first when over).
    pub const MAX_KEYS: usize = 100_000;

    /// Counts one registration from `ip` at `now`, or says how long until the address may
    /// register again when it has used its `max` (`max` 0: no bound).
    pub fn take(&self, ip: IpAddr, max: u32, now: Instant) -> Result<(), Duration> {
        if max == 0 {
            return Ok(());
        }
        let mut windows = self.windows.lock().expect("quota lock");
        if windows.len() >= Self::MAX_KEYS && !windows.contains_key(&ip) {
            windows.retain(|_, (start, _)| now.saturating_duration_since(*start) < Self::WINDOW);
            if windows.len() >= Self::MAX_KEYS {
                windows.clear();
            }
        }
        let w = windows.entry(ip).or_insert((now, 0));
        if now.saturating_duration_since(w.0) >= Self::WINDOW {
            *w = (now, 0);
        }
        if w.1 >= max {
            return Err((w.0 + Self::WINDOW).saturating_duration_since(now));
        }
        w.1 += 1;
        Ok(())
    }
}

/// Open connections per client address.
#[derive(Default)]
pub struct AddrCount {
    open: Mutex<HashMap<IpAddr, usize>>,
    total: AtomicUsize,
}

impl AddrCount {
    /// Counts a new connection from `ip`, or refuses it when `ip` has `max` open already
    /// (`max` 0: no bound).
    pub fn open(&self, ip: IpAddr, max: usize) -> bool {
        let mut open = self.open.lock().expect("addr lock");
        let n = open.entry(ip).or_insert(0);
        if max > 0 && *n >= max {
            if *n == 0 {
                open.remove(&ip);
            }
            return false;
        }
        *n += 1;
        self.total.fetch_add(1, Ordering::Relaxed);
        true
    }

    pub fn close(&self, ip: IpAddr) {
        let mut open = self.open.lock().expect("addr lock");
        if let Some(n) = open.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&ip);
            }
            self.total.fetch_sub(1, Ordering::Relaxed);
        }
    }

    pub fn total(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_pool_refuses_and_a_freed_place_is_taken_again() {
        let pool = Pool::new(1, 1);
        let mut first = pool.enter().expect("a free worker");
        first.run().await;
        let queued = pool.enter().expect("a place in the queue");
        assert!(pool.enter().is_none(), "one running and one waiting fill a pool of 1 + 1");
        assert_eq!(pool.inside(), 2);
        drop(first);
        let mut queued = queued;
        queued.run().await;
        assert_eq!((pool.running(), pool.peak()), (1, 1));
        assert!(pool.enter().is_some(), "the queue has room again");
        drop(queued);
        assert_eq!((pool.inside(), pool.running()), (0, 0));
    }

    #[test]
    fn failed_logins_are_slowed_then_refused_then_forgotten() {
        let t = Throttle::default();
        let t0 = Instant::now();
        let keys = ["name:yugi", "addr:10.0.0.1"];
        assert_eq!(t.gate(&keys, t0), Gate::Go);
        for _ in 0..Throttle::SLOW_AFTER {
            t.failed(&keys, t0);
        }
        assert_eq!(t.gate(&keys, t0), Gate::Slow(Duration::from_millis(250)));
        // Another address guessing the same name is slowed too.
        assert_eq!(t.gate(&["name:yugi", "addr:10.0.0.2"], t0), Gate::Slow(Duration::from_millis(250)));
        t.failed(&keys, t0);
        assert_eq!(t.gate(&keys, t0), Gate::Slow(Duration::from_millis(500)));
        for _ in Throttle::SLOW_AFTER + 1..Throttle::LOCK_AFTER {
            t.failed(&keys, t0);
        }
        let later = t0 + Duration::from_secs(60);
        assert_eq!(t.gate(&keys, later), Gate::Locked(Throttle::LOCK_FOR - Duration::from_secs(60)));
        // Another name from the locked address is refused as well.
        assert!(matches!(t.gate(&["name:kaiba", "addr:10.0.0.1"], later), Gate::Locked(_)));
        let after = t0 + Throttle::LOCK_FOR + Duration::from_secs(1);
        assert!(matches!(t.gate(&keys, after), Gate::Slow(_)), "the lock ends; the count is still remembered");
        assert_eq!(t.gate(&keys, t0 + Throttle::LOCK_FOR + Throttle::FORGET), Gate::Go);
        t.succeeded("name:yugi");
        assert_eq!(t.gate(&["name:yugi"], after), Gate::Go);
    }

    #[test]
    fn connections_per_address_are_capped() {
        let c = AddrCount::default();
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(c.open(ip, 2) && c.open(ip, 2));
        assert!(!c.open(ip, 2), "a third connection from one address is refused");
        assert!(c.open(other, 2));
        assert_eq!(c.total(), 3);
        c.close(ip);
        assert!(c.open(ip, 2));
        assert!(c.open(ip, 0) && c.open(ip, 0), "0: no bound");
    }
    #[test]
    fn an_address_registers_its_quota_then_waits_for_the_next_hour() {
        let q = AccountQuota::default();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(q.take(a, 3, t0), Ok(()));
        }
        let later = t0 + Duration::from_secs(600);
        assert_eq!(q.take(a, 3, later), Err(AccountQuota::WINDOW - Duration::from_secs(600)));
        assert_eq!(q.take(b, 3, later), Ok(()), "another address has its own quota");
        assert_eq!(q.take(a, 3, t0 + AccountQuota::WINDOW), Ok(()), "a new hour, a new quota");
        assert_eq!(q.take(a, 0, later), Ok(()), "0: no bound");
    }
}
