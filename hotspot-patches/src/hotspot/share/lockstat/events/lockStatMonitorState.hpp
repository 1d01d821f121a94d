/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITORSTATE_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITORSTATE_HPP

#include "lockstat/lockStatMacros.hpp"
#include "runtime/atomic.hpp"
#include "utilities/globalDefinitions.hpp"
#include "utilities/sizes.hpp"

#if INCLUDE_LOCKSTAT

// The owner side of a monitor's event numbers (docs/trace-format.md, "Monitor sequence numbers"):
// what its owner records (an acquisition, a release, a wait's release and what that release
// resolves) takes the next numbers, with a plain load and store, since only the thread that owns the
// monitor writes the counter and the lock's own hand-over orders successive owners. A locked add
// would wait, inside the critical section, for the line (172 ns a release on 16 cores, when it was
// _owner's line). It lives on a cache line of its own (objectMonitor.hpp places it there), which only
// owners touch: on _owner's line, threads spinning for the monitor read and CAS it between every two
// releases, and even the plain load missed (23 ns a release on 2 CPUs, ShortSectionDemo at 8 threads;
// 12.8 ns here, in the same phase of that guest). Contended enters, which do not own the monitor,
// number themselves on the enter side (LockStatMonitorState).
//
// Beside it, the time the current owner took the monitor, when a thread was blocked on it then (the
// hold's start; 0: never): the owner's recorded release reads it, so that the analysis charges the
// owner from its acquisition on, not from the previous release (docs/trace-format.md,
// MonitorContendedExit's held). Written only by an owner right after acquiring (a store, which does
// not wait for the line), with the time read just before its CAS: C2's inline acquisition (x86_64,
// with the time-stamp counter as LockStat's clock) and the runtime's (ObjectMonitor::try_lock and
// try_spin, LockStat::hold_start_before_cas). Never cleared: an older owner's time is older than
// that owner's recorded release, so readers bound it by the previous release.
class LockStatMonitorSeq {
  volatile uint64_t _owned;
  volatile jlong _acquired;
  // The stretch of the monitor's recorded releases (docs/design/monitor-tracing.md, "Release runs"):
  // releases while the blocked threads and the wait references stay the same. Its first release (the
  // stretch's head) is an event of its own; every later one belongs to its thread's run, which the
  // thread sums by itself (LockStatReleaseRun). Only owners write these, inside the critical section,
  // with plain stores on this line, which the owner holds anyway for _owned.
  volatile uint64_t _release_enters;   // the enter count the latest recorded release read; no_stretch: none
  // The current stretch's head's time: a run goes on only within its stretch. A time rather than a
  // count, so that a monitor deflated and another inflated at its address never repeat one.
  volatile jlong _stretch;
  volatile jlong _last_release;        // the latest recorded release's time (read inside its critical section)
 public:
  static const uint64_t no_stretch = (uint64_t)-1;   // no enter count is ever this: the next release heads one
  LockStatMonitorSeq() : _owned(0), _acquired(0), _release_enters(no_stretch), _stretch(0), _last_release(0) {}
  static ByteSize acquired_offset() { return byte_offset_of(LockStatMonitorSeq, _acquired); }
  static ByteSize owned_offset() { return byte_offset_of(LockStatMonitorSeq, _owned); }
  // Only while owning the monitor.
  void set_acquired(jlong ticks) { Atomic::store(&_acquired, ticks); }
  jlong acquired() const { return Atomic::load(&_acquired); }
  // Of an owner part from a monitor's previous release to this owner's release at now, the time the
  // lock was free: before the hold's start acquired (0: not known, none; an older hold's time is before
  // previous, so also none).
  static jlong free(jlong previous, jlong now, jlong acquired) {
    return MAX2(MIN2(acquired, now) - previous, (jlong)0);
  }
  // The first of n numbers; only while owning the monitor.
  uint64_t next_owned(uint64_t n = 1) {
    uint64_t v = Atomic::load(&_owned);
    Atomic::store(&_owned, v + n);
    return v;
  }
  // The count so far: for the inflate and the deflation, when no event of an owner can be numbered
  // concurrently (before the monitor is traced, after its last owner).
  uint64_t owned() const { return Atomic::load(&_owned); }
  // A recorded release at now, having read the enter count enters, while owning the monitor: whether it
  // heads a new stretch (the enter count changed, or end_stretch came first); *previous: the latest
  // recorded release's time, where this release's owner part begins when it is not a head.
  bool release(uint64_t enters, jlong now, jlong* previous) {
    jlong last = Atomic::load(&_last_release);
    *previous = last;
    Atomic::store(&_last_release, MAX2(now, last));
    if (Atomic::load(&_release_enters) == enters) {
      return false;
    }
    Atomic::store(&_release_enters, enters);
    Atomic::store(&_stretch, now);
    return true;
  }
  jlong stretch() const { return Atomic::load(&_stretch); }
  // An owner's event that changes the blocked threads or the wait references (an acquisition after
  // blocking, a wait()'s release, a resolved reference): the next recorded release heads a new stretch.
  void end_stretch() { Atomic::store(&_release_enters, no_stretch); }
};

// The tracing state of one ObjectMonitor, a member of it (its lockstat(); the event sequence is the
// other, lockstat_seq()), so that it ends with the monitor instead of living in a set keyed by address. objectMonitor.hpp,
// which hundreds of files include, includes this header rather than the facade lockstat/lockStat.hpp,
// so that a change to the facade does not recompile them.
class LockStatMonitorState {
  // _blocked and _pending_waits are one 8-byte word, which C2's inline unlock tests with one load
  // (divert_offset()): while both are 0, an exit records nothing and C2 releases the monitor inline,
  // as without tracing; otherwise the exit goes to ObjectMonitor::exit unreleased.
  //
  // Threads between their ContendedEnter and ContendedEntered events: a release is recorded only
  // while one is blocked. ObjectMonitor's _contentions also counts threads that only spin, or only
  // guard the monitor against deflation while they try it once: no one's blocked time is split by
  // such a release. (Releases by barging owners while a thread stays queued are recorded.)
  volatile int _blocked;
  // wait() forward references on this monitor not yet resolved: their thread's next release of the
  // monitor resolves them, so its exits must reach the runtime. Kept here rather than in the thread
  // because C2's unlock code reaches the monitor, not LockStat's thread state. A reference dropped
  // when tracing restarts leaves the count high: exits then take the runtime path, which checks.
  volatile int _pending_waits;
  // The enter side of the event numbers: contended enters, the inflate and the deflation take
  // numbers here (an atomic add, outside any critical section); the owner reads the count with each
  // of its numbers, which places the enters among its events. Beside _blocked, which the enter raises
  // and the owner reads anyway: one line for both.
  volatile uint64_t _enters;
  // Which trace has this monitor's MonitorInflate (see LockStatMonitorEvents): its number times two,
  // plus one once the inflate is written; 0 for none.
  volatile uint32_t _trace;

 public:
  LockStatMonitorState() : _blocked(0), _pending_waits(0), _enters(0), _trace(0) {}

  static ByteSize divert_offset() { return byte_offset_of(LockStatMonitorState, _blocked); }
  // _blocked alone, for C2's inline acquisition (LockStatMonitorSeq::acquired_offset).
  static ByteSize blocked_offset() { return byte_offset_of(LockStatMonitorState, _blocked); }
  static ByteSize pending_waits_offset() { return byte_offset_of(LockStatMonitorState, _pending_waits); }
  static ByteSize enters_offset() { return byte_offset_of(LockStatMonitorState, _enters); }

  uint32_t trace() const { return Atomic::load_acquire(&_trace); }
  uint32_t trace_cmpxchg(uint32_t expected, uint32_t value) { return Atomic::cmpxchg(&_trace, expected, value); }
  void set_trace(uint32_t value) { Atomic::release_store(&_trace, value); }
  bool is_contended() const { return Atomic::load(&_blocked) > 0; }
  void blocked_inc() { Atomic::inc(&_blocked); }
  // Never below zero: a decrement without its increment (tracing started in between) is dropped.
  void blocked_dec() { dec_not_below_zero(&_blocked); }
  bool has_pending_waits() const { return Atomic::load(&_pending_waits) > 0; }
  uint64_t next_enter() { return Atomic::fetch_then_add(&_enters, (uint64_t)1); }
  uint64_t enters() const { return Atomic::load(&_enters); }
  void pending_waits_add(int n) { Atomic::add(&_pending_waits, n); }
  void pending_waits_sub(int n) {
    for (int i = 0; i < n; i++) {
      dec_not_below_zero(&_pending_waits);
    }
  }

 private:
  static void dec_not_below_zero(volatile int* counter) {
    int v = Atomic::load(counter);
    while (v > 0) {
      int seen = Atomic::cmpxchg(counter, v, v - 1);
      if (seen == v) {
        return;
      }
      v = seen;
    }
  }
};

#endif // INCLUDE_LOCKSTAT

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITORSTATE_HPP
