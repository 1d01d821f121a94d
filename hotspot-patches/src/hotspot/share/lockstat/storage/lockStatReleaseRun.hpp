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

#ifndef SHARE_LOCKSTAT_STORAGE_LOCKSTATRELEASERUN_HPP
#define SHARE_LOCKSTAT_STORAGE_LOCKSTATRELEASERUN_HPP

#include "lockstat/events/lockStatMonitorState.hpp"
#include "lockstat/events/lockStatReleaseSummary.hpp"
#include "utilities/globalDefinitions.hpp"

class ObjectMonitor;

// A thread's run of releases of one monitor within one stretch (docs/design/monitor-tracing.md,
// "Release runs"). A stretch is the monitor's recorded releases while the threads blocked on it and
// its wait() references stay the same (LockStatMonitorSeq): every thread blocked during it is blocked
// through all of it, so the order of its owner parts does not matter to anyone's split, only their
// owners and lengths. The stretch's head is written as a MonitorContendedExit. A thread's first
// release after that takes an owner-side number and opens the thread's run; its later releases in the
// stretch take no number and only count here, per call chain, with their owner parts (each from the
// monitor's previous recorded release, read inside the critical section). Nothing of the run is shared
// with another thread: no line moves between cores for it. The run becomes one MonitorReleaseSummary,
// numbered with its first release, when it is flushed: by the thread's next recorded release that is
// not in the run, at the drain period's safepoint and at thread end. A flushed run is closed: the
// thread's next release in the stretch takes a number again and opens a new one.
struct LockStatReleaseRun {
  ObjectMonitor* monitor;   // an id once written; never dereferenced; null: no run open
  jlong stretch;            // the stretch's head's time (LockStatMonitorSeq::stretch)
  int current;              // the owner entry the latest release went to
  LockStatReleaseSummary sum;

  LockStatReleaseRun() : monitor(nullptr), stretch(0), current(0) {}

  // Whether a release of m in stretch by the Java thread tid takes no number: it goes on in this run
  // (decided inside the critical section, before the chain is known). A carrier keeps the run of the
  // virtual thread mounted when it opened: another one mounted since does not continue it.
  bool continues(ObjectMonitor* m, jlong in_stretch, jlong tid) const {
    return monitor == m && stretch == in_stretch && sum.owner[0].tid == tid;
  }
  // The first release of a run: numbered seq, having read enters, by thread tid with chain, released at
  // now, its owner part beginning at previous, its hold at acquired (0: not known).
  void open(ObjectMonitor* m, jlong in_stretch, u8 seq, u8 enters, jlong tid, u8 chain, jlong previous, jlong now,
            jlong acquired) {
    monitor = m;
    stretch = in_stretch;
    current = 0;
    sum.first_seq = seq;
    sum.count = 1;
    sum.enters = enters;
    sum.owners = 0;
    new_entry(tid, chain);
    sum.time = now;
    add_to(0, previous, now, acquired);
  }
  // The owner entry of chain, added when new; -1 when the entries are used up.
  int entry_of(u8 chain) {
    if (sum.owner[current].chain == chain) {
      return current;
    }
    for (int i = 0; i < sum.owners; i++) {
      if (sum.owner[i].chain == chain) {
        return current = i;
      }
    }
    if (sum.owners == LockStatReleaseSummary::max_owners) {
      return -1;
    }
    return current = new_entry(sum.owner[0].tid, chain);
  }
  // A release that took no number, as open's.
  void add_to(int entry, jlong previous, jlong now, jlong acquired) {
    LockStatReleaseSummary::Owner& o = sum.owner[entry];
    jlong time = MAX2(now, previous);
    o.releases++;
    o.ticks += time - previous;
    o.free += LockStatMonitorSeq::free(previous, time, acquired);
    sum.time = MAX2(sum.time, time);
  }
  bool is_open() const { return monitor != nullptr; }
  // A new owner entry, nothing summed yet: its index.
  int new_entry(jlong tid, u8 chain) {
    LockStatReleaseSummary::Owner& o = sum.owner[sum.owners];
    o.tid = tid;
    o.chain = chain;
    o.releases = 0;
    o.ticks = 0;
    o.free = 0;
    return sum.owners++;
  }
  void close() { monitor = nullptr; sum.count = 0; sum.owners = 0; }
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATRELEASERUN_HPP
