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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITOREVENTS_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITOREVENTS_HPP

#include "lockstat/lockStat.hpp"
#include "memory/allocation.hpp"
#include "oops/oopsHierarchy.hpp"
#include "runtime/objectMonitor.hpp"

class JavaThread;
class Thread;
struct LockStatReleaseSummary;

// Monitor contention events (paper 3.2). Every event carries the monitor's next sequence number,
// taken only when the event will certainly be written, so a monitor's sequence has no gaps.
// The monitor address identifies a lock only between its inflation and deflation.
class LockStatMonitorEvents : AllStatic {
 public:
  // A new trace in a running VM: no monitor has its MonitorInflate in it yet.
  static void forget_all();
  // At the start of a trace in a running VM: the counts of blocked threads and pending wait()
  // references that an earlier trace left in monitors go (a thread blocked when it stopped acquires
  // unseen, and its count would divert every exit of that monitor to the runtime for ever).
  static void reset_monitors_at_safepoint();
  static void inflated(Thread* current, ObjectMonitor* m, oop obj);
  static void contended_enter(JavaThread* jt, ObjectMonitor* m, bool after_wait);
  static void contended_entered(JavaThread* jt, ObjectMonitor* m);
  // An acquisition about to CAS m's owner field (ObjectMonitor::try_lock, spinning) while a thread is
  // blocked on m: the time, which the winner stores as its hold's start (LockStatMonitorSeq::set_acquired,
  // beside the owner side's numbers); 0 while none is blocked.
  static jlong hold_start(ObjectMonitor* m);
  static void deflated(Thread* current, ObjectMonitor* m);

  // Exit, in two halves around the release (see LockStatMonitorExitMark). begin returns what to
  // write (0: nothing) and, while the thread still owns m, takes the owner-side numbers of what it
  // writes (the release, then a resolved wait() reference), the enter side's count and the release's
  // time; end writes it. A release that continues the thread's run (CONTINUES) takes no number; HEAD:
  // the release heads the monitor's stretch (storage/lockStatReleaseRun.hpp).
  enum : int { EXIT = 1, WAIT_EXIT = 2, RESOLVE = 4, HEAD = 8, CONTINUES = 16 };
  static int exit_begin(JavaThread* jt, ObjectMonitor* m, u8* seq, u8* enters, jlong* time);
  static void exit_end(JavaThread* jt, ObjectMonitor* m, u8 seq, u8 enters, jlong time, int what);
  // A thread's run of releases (storage/lockStatReleaseRun.hpp) is written at the thread's next
  // numbered release; besides, at thread end, and for every thread at the drain period's safepoint.
  static void flush_run_at_thread_end(JavaThread* jt);
  static void flush_runs_at_safepoint(void write(const LockStatReleaseSummary&, ObjectMonitor*));

  // wait(): the release inside it records a forward reference, resolved at the thread's next real
  // release of m; taking m back after the wait is an enter "after wait".
  static void wait_release(JavaThread* jt, ObjectMonitor* m, bool starting);
  static void reacquire(JavaThread* jt, ObjectMonitor* m, bool starting);
  // The notified thread takes the monitor back through the entry list (reenter_internal).
  static void reenter_begin(JavaThread* jt, ObjectMonitor* m);
  static void reenter_end(JavaThread* jt, ObjectMonitor* m);

  // Virtual threads in wait() unmount (JEP 491) and take the monitor back while being thawed, when
  // their frames cannot be walked: the wait's chain is recorded before unmounting (begin), a
  // contended re-entry writes an "after wait" enter with it (reenter_blocked), the acquisition
  // (acquired) writes entered; end forgets a wait that did not unmount or re-entered at once.
  static void vthread_wait_begin(JavaThread* jt, ObjectMonitor* m);
  static void vthread_wait_end(JavaThread* jt, ObjectMonitor* m);
  static void vthread_reenter_blocked(JavaThread* jt, ObjectMonitor* m);
  static void vthread_acquired(JavaThread* jt, ObjectMonitor* m, bool after_wait);
};

// Defined in runtime/synchronizer.cpp (patch 0002), which has the list of in-use monitors: calls f for
// each, at a safepoint.
void lockstat_monitors_do_at_safepoint(void f(ObjectMonitor*));

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATMONITOREVENTS_HPP
