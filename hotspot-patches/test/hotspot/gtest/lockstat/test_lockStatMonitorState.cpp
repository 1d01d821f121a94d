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
// wait() references, on the owner's cache line.
TEST(LockStatMonitorSeq, owner_numbers_are_gapless) {
  LockStatMonitorSeq seq;
  for (uint64_t i = 0; i < 1000; i++) {
    ASSERT_EQ(seq.next_owned(), i);
  }
  EXPECT_EQ(seq.next_owned(3), (uint64_t)1000);
  EXPECT_EQ(seq.owned(), (uint64_t)1003);
  EXPECT_EQ(LOCKSTAT_OWNER_LINE_BYTES, sizeof(LockStatMonitorSeq));
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
