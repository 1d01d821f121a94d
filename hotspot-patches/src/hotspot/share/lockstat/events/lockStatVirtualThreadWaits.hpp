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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATVIRTUALTHREADWAITS_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATVIRTUALTHREADWAITS_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

class ObjectMonitor;

// wait() state of virtual threads, and their sampled contentions. A platform thread keeps its pending forward references in its
// LockStatThreadLocal; a virtual thread may wait on one carrier and release the monitor on another,
// so its state is kept here, keyed by (virtual thread id, monitor). Also kept: the chain of a
// virtual thread's wait() call, walked before it unmounts, because re-entry happens while its
// frames are frozen. Virtual threads' waits are far rarer than monitor exits, and the table is
// consulted only while it has entries, so one spin lock is enough. When full, the state is dropped
// (an unknown owner chain) rather than the thread blocked.
class LockStatVirtualThreadWaits : AllStatic {
 public:
  static const int max_refs_per_monitor = 8;
  // Forward references of wait()s whose release is still to come.
  static u8 pending_ref(jlong tid, ObjectMonitor* m);
  static bool add_pending(jlong tid, ObjectMonitor* m, u8 ref);
  static int take_pending(jlong tid, ObjectMonitor* m, u8* refs);
  // A wait() in progress: its call chain, and whether a contended re-entry was recorded.
  static bool begin_wait(jlong tid, ObjectMonitor* m, u8 chain);
  // The chain of the wait, and marks the re-entry as recorded; false if no wait is known.
  static bool mark_reentering(jlong tid, ObjectMonitor* m, u8* chain);
  // Ends the wait; returns whether a contended re-entry was recorded for it.
  static bool end_wait(jlong tid, ObjectMonitor* m);
  // Sampled tracing: a virtual thread's sampled contention, counted among its monitor's blocked threads,
  // which its acquisition (perhaps on another carrier) takes back, without a lock; false when another
  // thread's open contention holds its slot. A new trace forgets them (its counts start from zero).
  static bool add_blocked(jlong tid);
  static bool take_blocked(jlong tid);
  static void forget_blocked_at_safepoint();
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATVIRTUALTHREADWAITS_HPP
