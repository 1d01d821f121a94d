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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATRELEASESTRETCH_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATRELEASESTRETCH_HPP

#include "memory/allocation.hpp"
#include "utilities/globalDefinitions.hpp"

class LockStatEventWriter;
class ObjectMonitor;

// What a closed stretch summed: the MonitorReleaseSummary event (docs/trace-format.md).
struct LockStatReleaseSummary {
  static const int max_owners = 16;
  struct Owner {
    jlong tid;       // the releasing Java thread (a virtual thread's id for virtual threads)
    u8 chain;        // its call chain at the releases
    u4 releases;
    jlong ticks;     // the owner parts those releases end, summed
    jlong free;      // the part of ticks before each hold's known start (LockStatMonitorSeq::acquired): the lock free
  };
  u8 first_seq;
  u8 count;          // releases: first_seq .. first_seq + count - 1; 0 for nothing to write
  u8 enters;         // the enter side's count all of them read (docs/trace-format.md)
  jlong time;        // the last release's time
  int owners;
  Owner owner[max_owners];

  LockStatReleaseSummary() : first_seq(0), count(0), enters(0), time(0), owners(0) {}
  static size_t max_event_size();
  void write(LockStatEventWriter& w, ObjectMonitor* m) const;
};

// Barging owners release a monitor millions of times a second while a queued thread stays blocked
// (ContentionDemo: 4,546 releases per blocked interval), and each release was an event with a call
// chain. While the set of threads blocked on the monitor does not change, every blocked thread is
// blocked through every owner part, so the releases of such a stretch can be summed per owner thread
// and chain (count, time) without changing any owner's total or any contention's split.
//
// A stretch is a run of releases with consecutive owner-side numbers and one count of the enter side:
// any other event of the monitor ends it, an owner's (an entered, a wait's release) by taking a
// number in between, an enter by raising the count the next release reads. The first
// release of a stretch is written as a MonitorContendedExit (the head); the following ones are summed
// into a MonitorReleaseSummary that names the range of sequence numbers it covers, so the monitor's
// sequence stays gapless. A summary is written when its stretch ends: by the next release that cannot
// join it (a number in between, more than max_owners owners, or older than max_duration_nanos), by
// the thread that blocks or enters (after taking its number), at deflation, and at every drain
// period's safepoint (so that the analysis never waits long for one).
//
// The stretch of a monitor lives in a fixed pool, not in ObjectMonitor (only a pointer there), and is
// locked for each change: releases of one monitor are serialized by ownership, but closing threads,
// deflation and safepoints are not. A stretch names its monitor; ObjectMonitor's pointer is only a
// hint that the stretch's own _monitor confirms under its lock, so a stretch recycled for another
// monitor is never confused with the old one. With the pool exhausted, releases are written one by one.
class LockStatReleaseStretch {
  static const int pool_size = 128;
  static const jlong max_duration_nanos = NANOSECS_PER_MILLISEC;
  static LockStatReleaseStretch* _pool;

  volatile int _lock;
  volatile int _in_use;
  ObjectMonitor* _monitor;     // while in use
  u8 _last_seq;                // the stretch's latest release (head or summed)
  u8 _last_enters;             // the enter side's count it read; no_head before the first head
  jlong _last_time;            // running maximum of its releases' times
  jlong _started;              // the open summary's first release's time
  bool _touched;               // a release since the last drain period
  LockStatReleaseSummary _open;

  void lock();
  void unlock();
  bool owned_by(ObjectMonitor* m) const { return _in_use != 0 && _monitor == m; }
  void take_open(LockStatReleaseSummary* out);
  void free();
  static LockStatReleaseStretch* of(ObjectMonitor* m);   // locked, or null
  static LockStatReleaseStretch* allocate(ObjectMonitor* m);   // locked, or null

 public:
  static void initialize();

  // A contended release (not a wait()'s) of m by tid with chain, numbered seq (having read enters) at time now,
  // of a hold that began at acquired (0: not known). True when
  // it was summed: nothing to write. Otherwise the caller writes it as MonitorContendedExit, after
  // writing *closed when its count is not 0 (the summary it ended).
  static bool add(ObjectMonitor* m, u8 seq, u8 enters, jlong now, jlong acquired, jlong tid, u8 chain,
                  LockStatReleaseSummary* closed);
  // Ends m's open summary (*closed, to write when its count is not 0); detach: m is deflated, or no
  // thread is blocked on it any more, so its stretch returns to the pool.
  static void close(ObjectMonitor* m, bool detach, LockStatReleaseSummary* closed);
  // At a safepoint: writes every open summary with write(summary, monitor); at the end of a trace
  // (all) or for stretches without a release since the last call, returns them to the pool.
  static void close_at_safepoint(bool all, void write(const LockStatReleaseSummary&, ObjectMonitor*));
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATRELEASESTRETCH_HPP
