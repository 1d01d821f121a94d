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

#include "lockstat/lockStatMacros.hpp"

#if INCLUDE_LOCKSTAT

#include "lockstat/events/lockStatMonitorState.hpp"
#include "lockstat/storage/lockStatReleaseRun.hpp"
#include "runtime/objectMonitor.hpp"
#include "unittest.hpp"

// The counters C2's inline unlock reads: never below zero, so that a decrement whose increment came
// before tracing started (or a restart) cannot leave a monitor's exits diverted for ever.
TEST(LockStatMonitorState, counters_never_go_below_zero) {
  LockStatMonitorState s;
  EXPECT_FALSE(s.is_contended());
  s.blocked_dec();
  EXPECT_FALSE(s.is_contended());
  s.blocked_inc();
  s.blocked_inc();
  EXPECT_TRUE(s.is_contended());
  s.blocked_dec();
  EXPECT_TRUE(s.is_contended());
  s.blocked_dec();
  s.blocked_dec();
  EXPECT_FALSE(s.is_contended());
  s.blocked_inc();
  EXPECT_TRUE(s.is_contended());   // the dropped decrement did not push it to -1

  EXPECT_FALSE(s.has_pending_waits());
  s.pending_waits_add(2);
  EXPECT_TRUE(s.has_pending_waits());
  s.pending_waits_sub(5);
  EXPECT_FALSE(s.has_pending_waits());
  s.pending_waits_add(1);
  EXPECT_TRUE(s.has_pending_waits());
}

TEST(LockStatMonitorState, trace_number_and_inflate_mark) {
  LockStatMonitorState s;
  EXPECT_EQ(s.trace(), (uint32_t)0);
  EXPECT_EQ(s.trace_cmpxchg(0, 6), (uint32_t)0);    // trace 3, inflate not written yet
  EXPECT_EQ(s.trace_cmpxchg(0, 8), (uint32_t)6);    // another thread lost the race
  s.set_trace(7);                                    // trace 3, inflate written
  EXPECT_EQ(s.trace(), (uint32_t)7);
  EXPECT_EQ(s.stretch(), (LockStatReleaseStretch*)nullptr);
}

// The owner side of the event numbers: gapless, n numbers at once for a release that resolves
// wait() references.
TEST(LockStatMonitorSeq, owner_numbers_are_gapless) {
  LockStatMonitorSeq seq;
  for (uint64_t i = 0; i < 1000; i++) {
    ASSERT_EQ(seq.next_owned(), i);
  }
  EXPECT_EQ(seq.next_owned(3), (uint64_t)1000);
  EXPECT_EQ(seq.owned(), (uint64_t)1003);
}

// LockStat's members share no cache line with what threads spinning for the monitor read and write
// (_owner, _succ, _entry_list, _recursions), however the monitor is aligned: each is a whole line away.
// Beside them, a recorded release's loads missed, inside the critical section.
TEST(LockStatMonitorLayout, members_live_a_cache_line_away_from_what_spinners_touch) {
  const int ours[] = { in_bytes(ObjectMonitor::lockstat_offset()), in_bytes(ObjectMonitor::lockstat_seq_offset()) };
  const int spinners[] = { in_bytes(ObjectMonitor::owner_offset()), in_bytes(ObjectMonitor::succ_offset()),
                           in_bytes(ObjectMonitor::entry_list_offset()), in_bytes(ObjectMonitor::recursions_offset()) };
  for (int field : spinners) {
    for (int member : ours) {
      EXPECT_GE(member - (field + 8), OM_CACHE_LINE_SIZE) << "field at " << field << ", LockStat's at " << member;
    }
  }
  // and the owner side, which every owner writes, on another line than the counts, which stay put
  // (lines counted from the monitor's start, as ObjectMonitor's own pads place its fields)
  EXPECT_NE(in_bytes(ObjectMonitor::lockstat_seq_offset()) / OM_CACHE_LINE_SIZE,
            (in_bytes(ObjectMonitor::lockstat_offset()) + (int)sizeof(LockStatMonitorState) - 1) / OM_CACHE_LINE_SIZE);
}

// A hold's start shortens an owner part only from the part's own start on: an unknown start (0) or
// an older hold's start leaves the whole part to the owner.
TEST(LockStatMonitorSeq, free_part_is_bounded_by_the_previous_release) {
  LockStatMonitorSeq seq;
  EXPECT_EQ(seq.acquired(), (jlong)0);
  seq.set_acquired(1300);
  EXPECT_EQ(seq.acquired(), (jlong)1300);
  EXPECT_EQ(LockStatMonitorSeq::free(1000, 2000, 1300), (jlong)300);   // free from 1000 to 1300
  EXPECT_EQ(LockStatMonitorSeq::free(1000, 2000, 0), (jlong)0);        // not known: none
  EXPECT_EQ(LockStatMonitorSeq::free(1000, 2000, 400), (jlong)0);      // an older hold's start
  EXPECT_EQ(LockStatMonitorSeq::free(1000, 2000, 2100), (jlong)1000);  // acquired after a release timed early
}

// A run of releases sums the lock-free time before its continuations' holds, and starts again when written.
TEST(LockStatReleaseRun, sums_free_time_before_continuations) {
  LockStatReleaseRun run;
  run.start(nullptr, 10, 3, 1000, 7, 0, nullptr, nullptr, 0, 0);
  run.add(1500, 1200);   // free 200 of 500
  run.add(2000, 0);      // unknown: none
  run.add(2600, 1900);   // an older start (before 2000): none
  EXPECT_EQ(run.count, (u8)3);
  EXPECT_EQ(run.last, (jlong)2600);
  EXPECT_EQ(run.last - run.base, (jlong)1600);
  EXPECT_EQ(run.free, (jlong)200);
  run.written();
  EXPECT_EQ(run.free, (jlong)0);
  EXPECT_EQ(run.base, (jlong)2600);
  run.add(2700, 2650);
  EXPECT_EQ(run.free, (jlong)50);
}

// The enter side: its own gapless numbers, read by owners as a count.
TEST(LockStatMonitorState, enter_numbers_are_gapless) {
  LockStatMonitorState s;
  for (uint64_t i = 0; i < 1000; i++) {
    ASSERT_EQ(s.next_enter(), i);
  }
  EXPECT_EQ(s.enters(), (uint64_t)1000);
}

#endif // INCLUDE_LOCKSTAT
