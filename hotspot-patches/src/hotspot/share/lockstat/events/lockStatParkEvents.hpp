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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATPARKEVENTS_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATPARKEVENTS_HPP

#include "lockstat/lockStat.hpp"
#include "memory/allocation.hpp"
#include "oops/oopsHierarchy.hpp"

class JavaThread;

// Park events (paper 3.3): java.util.concurrent blocks threads with LockSupport.park/unpark. Every
// park begin, park end and unpark takes a number from one global sequence, so that the analysis can
// order them across threads; an unpark leaves its number in a mailbox of the target thread, and the
// park end names the unpark that woke it.
class LockStatParkEvents : AllStatic {
 public:
  typedef LockStatPark Park;   // declared in the facade, for LockStatParkMark
  static void initialize();
  // A new trace in a running VM, at a safepoint: its park numbers start at 1 again, as a reader expects
  // (an earlier trace's numbers would look like a gap of lost events); the mailboxes forget the earlier
  // trace's unparks (a park end would name a number that this trace gives to another unpark); the
  // sampled parks an earlier trace left open are forgotten (their counts would have every unpark on
  // those blockers recorded for ever).
  static void reset_at_safepoint();
  static void park_begin(JavaThread* jt, bool is_absolute, jlong time, Park* park);
  static void park_end(JavaThread* jt, const Park* park);
  // An unpark of target by the current thread (LockSupport.unpark, or Thread.interrupt), in two
  // halves around the wake-up (LockStatUnparkMark): begin numbers it and leaves the number in the
  // target's mailbox (0: not traced), end writes the event with the unparker's chain. target: the
  // java.lang.Thread that parked (its park blocker tells a sampled trace whether to record the unpark).
  // A sampled trace writes the event before the wake-up instead, both halves in LockStatUnparkMark's
  // begin. After it, the chain walk (6.7 us on the 2-CPU guest, its caches cold after a hold) made the
  // recorded waits the short ones: a 2-permit Semaphore's showed 81-90% of its blocked time, scaled
  // (docs/design/park-tracing.md). Before it, the walk delays the unparker and the target alike.
  static u8 unpark_begin(JavaThread* current, jlong target_id, oop target, jlong* time);
  static void unpark_end(JavaThread* current, jlong target_id, u8 gseq, jlong time);
  // Both at once (a virtual thread's unpark, recorded before VirtualThread.unpark runs).
  static void unpark(JavaThread* current, jlong target_id, oop target);
  // java.util.concurrent.locks (LockSupport's natives): a shared release of blocker that unparks
  // nobody (a reader's that leaves other readers holding while a writer waits, or a Semaphore permit
  // given back by a thread that may hold one: 0009-juc-lock-hooks), and a re-park within one acquisition.
  static void shared_release(JavaThread* current, oop blocker);
  static void repark(JavaThread* current);
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATPARKEVENTS_HPP
