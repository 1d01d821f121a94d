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
#include "utilities/globalDefinitions.hpp"

class ObjectMonitor;

// A thread's run of releases of one monitor (docs/design/monitor-tracing.md, Open 6): after a
// recorded release (the head) from a compiled exit, the same thread's next releases of the monitor
// that take the very next owner-side numbers with the same enter count, from the same exit site
// (the caller's sp and return address that C2's unlock slow path hands down), end owner parts that
// are all this thread's with the head's chain. Inside the critical section such a release takes only
// what every recorded release takes (its number, the enter count, its hold's start); after the
// release it joins the run here, with no chain walked and no event written, so the releasing thread
// gets back to the lock soon. The unwritten ones become one MonitorReleaseSummary when the run is
// flushed (the thread's next recorded release, the drain period's safepoint, thread end).
struct LockStatReleaseRun {
  ObjectMonitor* monitor;   // an id once written; never dereferenced; null: no run
  u8 next;                  // the owner-side number a continuation takes
  u8 enters;                // the enter side's count every release of the run read
  u8 first;                 // the first number not yet written
  u8 count;                 // numbers first .. first + count - 1 taken, not yet written
  jlong base;               // the time the unwritten owner parts start at (the head's release, or the last flush)
  jlong last;               // the last continuation's time
  jlong free;               // of the unwritten owner parts, the time before each hold's known start
  u8 chain;
  jlong tid;
  intptr_t* sp;             // the exit site: the compiled caller's sp and the return address into it
  address pc;

  LockStatReleaseRun() : monitor(nullptr), next(0), enters(0), first(0), count(0), base(0), last(0), free(0), chain(0),
                         tid(0), sp(nullptr), pc(nullptr) {}

  bool continues(ObjectMonitor* m, u8 owned, u8 entered, intptr_t* site_sp, address site_pc) const {
    return monitor == m && next == owned && enters == entered && sp == site_sp && pc == site_pc;
  }
  // A continuation, numbered 'next' inside its critical section, released at now (read right after the
  // release store), of a hold that began at acquired (0: not known).
  void add(jlong now, jlong acquired) {
    next++;
    count++;
    jlong time = MAX2(now, last);
    free += LockStatMonitorSeq::free(last, time, acquired);
    last = time;
  }
  void start(ObjectMonitor* m, u8 head_seq, u8 entered, jlong head_time, jlong thread, u8 head_chain,
             intptr_t* site_sp, address site_pc) {
    monitor = m;
    next = head_seq + 1;
    enters = entered;
    first = head_seq + 1;
    count = 0;
    base = head_time;
    last = head_time;
    free = 0;
    chain = head_chain;
    tid = thread;
    sp = site_sp;
    pc = site_pc;
  }
  // After writing count releases from first: the run goes on from there.
  void written() {
    first += count;
    count = 0;
    base = last;
    free = 0;
  }
  void clear() { monitor = nullptr; count = 0; }
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATRELEASERUN_HPP
