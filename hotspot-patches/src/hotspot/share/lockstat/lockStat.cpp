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

#include "lockstat/events/lockStatMonitorEvents.hpp"
#include "lockstat/events/lockStatParkEvents.hpp"
#include "lockstat/events/lockStatSampling.hpp"
#include "lockstat/events/lockStatVmPauses.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/service/lockStatDCmds.hpp"
#include "lockstat/service/lockStatService.hpp"
#include "lockstat/stacktrace/lockStatCallChains.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "runtime/atomic.hpp"
#include "runtime/javaThread.inline.hpp"
#include "runtime/sharedRuntime.hpp"
#include "runtime/thread.hpp"

// The facade's out-of-line halves: each forwards to the concept class that does the work.

void LockStat::register_dcmds() {
  LockStatDCmds::register_dcmds();
}

void LockStat::on_safepoint_synchronized() {
  LockStatVmPauses::synchronized_now();
}

void LockStat::on_safepoint_end() {
  LockStatService::at_safepoint();
  LockStatVmPauses::ending();
}

void LockStat::monitor_inflated(Thread* current, ObjectMonitor* m, oop obj) {
  LockStatMonitorEvents::inflated(current != nullptr ? current : Thread::current(), m, obj);
}

void LockStat::contended_enter(JavaThread* jt, ObjectMonitor* m) {
  LockStatMonitorEvents::contended_enter(jt, m, false);
}

void LockStat::contended_entered(JavaThread* jt, ObjectMonitor* m) {
  LockStatMonitorEvents::contended_entered(jt, m);
}

jlong LockStat::monitor_hold_start(ObjectMonitor* m) {
  return LockStatMonitorEvents::hold_start(m);
}

bool LockStat::may_stamp_holds_inline() {
  return LockStatClock::may_be_counter();
}

void LockStat::monitor_deflated(Thread* current, ObjectMonitor* m) {
  LockStatMonitorEvents::deflated(current, m);
}

void LockStat::vthread_wait_end(JavaThread* jt, ObjectMonitor* m) {
  LockStatMonitorEvents::vthread_wait_end(jt, m);
}

void LockStat::vthread_reenter_blocked(JavaThread* jt, ObjectMonitor* m) {
  LockStatMonitorEvents::vthread_reenter_blocked(jt, m);
}

void LockStat::vthread_acquired(JavaThread* jt, ObjectMonitor* m, bool after_wait) {
  LockStatMonitorEvents::vthread_acquired(jt, m, after_wait);
}

u8 LockStatUnparkMark::begin(JavaThread* current, JavaThread* target, jlong* target_id, jlong* time) {
  *target_id = target->monitor_owner_id();   // a pinned virtual thread parks on its carrier
  oop parker = target->is_vthread_mounted() ? target->vthread() : target->threadObj();
  u8 gseq = LockStatParkEvents::unpark_begin(current, *target_id, parker, time);
  if (gseq != 0 && LockStatSampling::sampling()) {
    // A sampled trace writes the event before the wake-up (lockStatParkEvents.hpp, unpark_begin).
    LockStatParkEvents::unpark_end(current, *target_id, gseq, *time);
    return 0;
  }
  return gseq;
}

void LockStatUnparkMark::end(JavaThread* current, jlong target_id, u8 gseq, jlong time) {
  LockStatParkEvents::unpark_end(current, target_id, gseq, time);
}

void LockStat::on_classes_unloading() {
  LockStatCallChains::on_classes_unloading();
}

address LockStat::exception_handler_for_mark(JavaThread* current, address return_address) {
  address original = LockStatFrameMarks::resolve(return_address);
  address handler = SharedRuntime::raw_exception_handler_for_return_address(current, original);
  return LockStatFrameMarks::exception_fixup(return_address, handler);
}

int LockStatMonitorExitMark::begin(JavaThread* jt, ObjectMonitor* m, u8* seq, u8* enters, jlong* time) {
  return LockStatMonitorEvents::exit_begin(jt, m, seq, enters, time);
}

void LockStatMonitorExitMark::end(JavaThread* jt, ObjectMonitor* m, u8 seq, u8 enters, jlong time, int what) {
  LockStatMonitorEvents::exit_end(jt, m, seq, enters, time, what);
}

void LockStatWait::release(JavaThread* jt, ObjectMonitor* m, bool starting) {
  LockStatMonitorEvents::wait_release(jt, m, starting);
}

void LockStatWait::reacquire(JavaThread* jt, ObjectMonitor* m, bool starting) {
  LockStatMonitorEvents::reacquire(jt, m, starting);
}

void LockStatWait::reenter(JavaThread* jt, ObjectMonitor* m, bool starting) {
  if (starting) {
    LockStatMonitorEvents::reenter_begin(jt, m);
  } else {
    LockStatMonitorEvents::reenter_end(jt, m);
  }
}

void LockStatVirtualThreadWaitMark::begin(JavaThread* jt, ObjectMonitor* m) {
  LockStatMonitorEvents::vthread_wait_begin(jt, m);
}

void LockStatVirtualThreadWaitMark::end(JavaThread* jt, ObjectMonitor* m) {
  LockStatMonitorEvents::vthread_wait_end(jt, m);
}

void LockStatParkMark::begin(JavaThread* jt, bool is_absolute, jlong time, LockStatPark* park) {
  LockStatParkEvents::park_begin(jt, is_absolute, time, park);
}

void LockStatParkMark::end(JavaThread* jt, const LockStatPark* park) {
  LockStatParkEvents::park_end(jt, park);
}
