/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
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

#if INCLUDE_LOCKSTAT

// The tracing state of one ObjectMonitor: the one LockStat member of ObjectMonitor (its lockstat()),
// so that it ends with the monitor instead of living in a set keyed by address. objectMonitor.hpp,
// which hundreds of files include, includes this header rather than the facade lockstat/lockStat.hpp,
// so that a change to the facade does not recompile them.
class LockStatMonitorState {
  // Next per-monitor event sequence number.
  volatile uint64_t _seq;
  // Threads between their ContendedEnter and ContendedEntered events: a release is recorded only
  // while one is blocked. ObjectMonitor's _contentions also counts threads that only spin, or only
  // guard the monitor against deflation while they try it once: no one's blocked time is split by
  // such a release. (Releases by barging owners while a thread stays queued are recorded.)
  volatile int _blocked;
  // Which trace has this monitor's MonitorInflate (see LockStatMonitorEvents): its number times two,
  // plus one once the inflate is written; 0 for none.
  volatile uint32_t _trace;

 public:
  LockStatMonitorState() : _seq(0), _blocked(0), _trace(0) {}

  uint32_t trace() const { return Atomic::load_acquire(&_trace); }
  uint32_t trace_cmpxchg(uint32_t expected, uint32_t value) { return Atomic::cmpxchg(&_trace, expected, value); }
  void set_trace(uint32_t value) { Atomic::release_store(&_trace, value); }
  uint64_t next_seq() { return Atomic::fetch_then_add(&_seq, (uint64_t)1); }
  bool is_contended() const { return Atomic::load(&_blocked) > 0; }
  void blocked_inc() { Atomic::inc(&_blocked); }
  // Never below zero: a decrement without its increment (tracing started in between) is dropped.
  void blocked_dec() {
    int v = Atomic::load(&_blocked);
    while (v > 0) {
      int seen = Atomic::cmpxchg(&_blocked, v, v - 1);
      if (seen == v) {
        return;
      }
      v = seen;
    }
  }
};

#endif // INCLUDE_LOCKSTAT

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITORSTATE_HPP
