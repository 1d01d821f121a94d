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
#include "utilities/sizes.hpp"

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
//
// C2's inline exit of an inflated monitor (x86_64, c2_MacroAssembler_x86.cpp) continues a run
// without calling the VM at all: JavaThread::_lockstat_run points here, and while the run's key,
// site, sp and owner id are its own and the monitor's owner-side and enter counts are the run's, it
// takes the number (the monitor's count and next, +1 each) and the hold's start inside the section,
// releases the monitor as stock does, then reads the time-stamp counter and does what add() does.
// The fields it touches are therefore read and written by generated code: keep their offsets and
// their meaning (next, count, last, free, inline_count: 8 bytes each; hold_start: the hold's start,
// its scratch word).
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
  intptr_t key;             // the monitor as C2's exit holds it (with the mark word's tag); 0: no run
  uint32_t site;            // the C2 exit's site number (JavaThread::_lockstat_exit_site); 0: none
  jlong hold_start;         // C2's inline continuation: the hold's start it read inside the section
  u8 inline_count;          // the thread's continuations made by C2's inline exit, since tracing started

  LockStatReleaseRun() : monitor(nullptr), next(0), enters(0), first(0), count(0), base(0), last(0), free(0), chain(0),
                         tid(0), sp(nullptr), pc(nullptr), key(0), site(0), hold_start(0), inline_count(0) {}

  static ByteSize next_offset()  { return byte_offset_of(LockStatReleaseRun, next); }
  static ByteSize enters_offset() { return byte_offset_of(LockStatReleaseRun, enters); }
  static ByteSize count_offset() { return byte_offset_of(LockStatReleaseRun, count); }
  static ByteSize last_offset()  { return byte_offset_of(LockStatReleaseRun, last); }
  static ByteSize free_offset()  { return byte_offset_of(LockStatReleaseRun, free); }
  static ByteSize tid_offset()   { return byte_offset_of(LockStatReleaseRun, tid); }
  static ByteSize sp_offset()    { return byte_offset_of(LockStatReleaseRun, sp); }
  static ByteSize key_offset()   { return byte_offset_of(LockStatReleaseRun, key); }
  static ByteSize site_offset()  { return byte_offset_of(LockStatReleaseRun, site); }
  static ByteSize hold_start_offset() { return byte_offset_of(LockStatReleaseRun, hold_start); }
  static ByteSize inline_count_offset() { return byte_offset_of(LockStatReleaseRun, inline_count); }

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
  // key: m as C2's exit holds it; site: the diverted C2 exit's number (0: not from C2's exit, which
  // then never continues the run inline).
  void start(ObjectMonitor* m, u8 head_seq, u8 entered, jlong head_time, jlong thread, u8 head_chain,
             intptr_t* site_sp, address site_pc, intptr_t monitor_key, uint32_t exit_site) {
    monitor = m;
    key = monitor_key;
    site = exit_site;
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
  void clear() { monitor = nullptr; key = 0; site = 0; count = 0; }
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATRELEASERUN_HPP
