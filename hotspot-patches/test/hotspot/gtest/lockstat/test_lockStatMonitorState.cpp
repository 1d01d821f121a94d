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

// A monitor's stretch of releases: the first release heads it, a changed enter count or an owner's
// event that changes the blocked threads (end_stretch) begins the next; each release gets the previous
// one's time, a running maximum.
TEST(LockStatMonitorSeq, stretches_begin_at_enters_and_owner_events) {
  LockStatMonitorSeq seq;
  jlong previous = -1;
  EXPECT_TRUE(seq.release(5, 1000, &previous));    // the first: a head
  EXPECT_EQ(previous, (jlong)0);
  EXPECT_EQ(seq.stretch(), (jlong)1000);
  EXPECT_FALSE(seq.release(5, 1400, &previous));   // same enters: in the stretch
  EXPECT_EQ(previous, (jlong)1000);
  EXPECT_FALSE(seq.release(5, 1300, &previous));   // a clock read early: times stay a running maximum
  EXPECT_EQ(previous, (jlong)1400);
  EXPECT_FALSE(seq.release(5, 1500, &previous));
  EXPECT_EQ(previous, (jlong)1400);
  EXPECT_EQ(seq.stretch(), (jlong)1000);
  EXPECT_TRUE(seq.release(6, 1600, &previous));    // a thread began to block
  EXPECT_EQ(seq.stretch(), (jlong)1600);
  seq.end_stretch();                               // a blocked thread took the monitor
  EXPECT_TRUE(seq.release(6, 1700, &previous));
  EXPECT_EQ(seq.stretch(), (jlong)1700);
  EXPECT_EQ(previous, (jlong)1600);
}

// A thread's run: its first release and the unnumbered ones after it, summed per call chain, each
// owner part from the monitor's previous recorded release, the lock-free time before known holds apart.
TEST(LockStatReleaseRun, sums_owner_parts_per_chain) {
  LockStatReleaseRun run;
  ObjectMonitor* m = (ObjectMonitor*)0x1000;
  EXPECT_FALSE(run.is_open());
  run.open(m, 900, 10, 3, 7, 42, 1000, 1500, 1200);   // part 500, free 200
  EXPECT_TRUE(run.continues(m, 900, 7));
  EXPECT_FALSE(run.continues(m, 901, 7));               // another stretch
  EXPECT_FALSE(run.continues((ObjectMonitor*)0x2000, 900, 7));
  EXPECT_FALSE(run.continues(m, 900, 8));             // another virtual thread on the run's carrier
  run.add_to(run.entry_of(42), 1700, 2000, 0);       // part 300, start unknown
  run.add_to(run.entry_of(43), 2000, 2600, 1900);    // another chain; an older start: no free time
  run.add_to(run.entry_of(42), 2600, 2500, 2550);    // a clock read early: an empty part
  const LockStatReleaseSummary& s = run.sum;
  EXPECT_EQ(s.first_seq, (u8)10);
  EXPECT_EQ(s.count, (u8)1);                          // only the first took a number
  EXPECT_EQ(s.enters, (u8)3);
  EXPECT_EQ(s.time, (jlong)2600);
  ASSERT_EQ(s.owners, 2);
  EXPECT_EQ(s.owner[0].chain, (u8)42);
  EXPECT_EQ(s.owner[0].releases, (u4)3);
  EXPECT_EQ(s.owner[0].ticks, (jlong)800);
  EXPECT_EQ(s.owner[0].free, (jlong)200);
  EXPECT_EQ(s.owner[1].tid, (jlong)7);
  EXPECT_EQ(s.owner[1].chain, (u8)43);
  EXPECT_EQ(s.owner[1].ticks, (jlong)600);
  EXPECT_EQ(s.owner[1].free, (jlong)0);
  for (u8 c = 44; c < 44 + LockStatReleaseSummary::max_owners - 2; c++) {
    EXPECT_GE(run.entry_of(c), 0);
  }
  EXPECT_EQ(run.entry_of(99), -1);                    // every entry used
  run.close();
  EXPECT_FALSE(run.is_open());
  EXPECT_FALSE(run.continues(m, 900, 7));
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
